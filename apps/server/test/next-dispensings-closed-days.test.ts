import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePrescriptionPayload } from "@pharmacy/test-support/jahis-payloads";
import { prescriptionPhoto } from "@pharmacy/test-support/prescription-photos";
import { makeAccount, makeReception, uploadFile, type TestAccount } from "./helpers/factories.js";
import { at } from "./helpers/follow-ups.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

/**
 * 次回調剤の予定: the patient's name from the prescription's code when the reception has none, and the
 * window's days the branch is closed (元日, Sundays of the default hours, a closed date of its own).
 * Dispensed on Friday 2026-12-18 at 08:30 in Tokyo (still the 17th in UTC): 14 days' supply runs out
 * on 元日 2027-01-01.
 */
let server: TestServer;
let branch: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  branch = await makeAccount(server);
  await at(server, "2026-12-18T08:30:00", [branch]);
});
afterAll(() => server.close());

async function receptionWithCode(payload: string, patientName?: string) {
  const reception = await makeReception(server, branch);
  if (patientName) {
    const patched = await server.api.request("PATCH", `/api/reception/${reception.id}`, {
      body: { id: reception.id, patientName },
      token: branch.idToken,
    });
    expect(patched.status).toBe(200);
  }
  const upload = await uploadFile(server, branch, await prescriptionPhoto(payload), { receptionId: reception.id });
  expect(upload.body.prescription).toMatchObject({ codeStatus: "read" });
  return reception.id;
}

describe("GET /api/next_dispensings", () => {
  let refill: string;
  let split: string;
  let typed: string;

  it("gives the code's name when the reception has none, and the name typed at reception first", async () => {
    refill = await receptionWithCode(
      samplePrescriptionPayload({ issuedOn: "20261218", refillUses: 3, patientName: "薬師寺 花子" }),
    );
    split = await receptionWithCode(
      samplePrescriptionPayload({
        issuedOn: "20261218",
        splitPart: { current: 1, total: 3 },
        splitDays: { days: 14, totalDays: 42 },
      }),
    );
    typed = await receptionWithCode(samplePrescriptionPayload({ issuedOn: "20261218", refillUses: 2 }), "受付 一郎");
    const list = (await server.api.get("/api/next_dispensings?from=2026-12-18&to=2027-01-31", branch.idToken)).body
      .nextDispensings as { receptionId: string; patientName?: string; patientNameFromCode?: boolean }[];
    const byId = new Map(list.map((row) => [row.receptionId, row]));
    expect(byId.get(refill)).toMatchObject({ patientName: "薬師寺 花子", patientNameFromCode: true });
    expect(byId.get(split)).toMatchObject({ patientName: "日薬 太郎", patientNameFromCode: true });
    expect(byId.get(typed)!.patientName).toBe("受付 一郎");
    expect(byId.get(typed)!.patientNameFromCode).toBeUndefined();
  });

  it("lists the window's closed days: 元日, the weekly closed Sundays, and the branch's own closed dates", async () => {
    const read = async () =>
      new Map(
        (
          (await server.api.get("/api/next_dispensings?from=2026-12-18&to=2027-01-31", branch.idToken)).body
            .nextDispensings as { receptionId: string; from: string; to: string; closedDays: string[] }[]
        ).map((row) => [row.receptionId, row]),
      );
    let rows = await read();
    expect(rows.get(refill)).toMatchObject({
      from: "2026-12-25",
      to: "2027-01-08",
      closedDays: ["2026-12-27", "2027-01-01", "2027-01-03"],
    });
    expect(rows.get(split)).toMatchObject({ from: "2027-01-01", to: "2027-01-01", closedDays: ["2027-01-01"] });

    const hours = (await server.api.get("/api/business_hours", branch.idToken)).body;
    const saved = await server.api.request("PUT", "/api/business_hours", {
      body: { ...hours, closedDates: ["2026-12-31", "2027-01-02"], openOnHolidays: true },
      token: branch.idToken,
    });
    expect(saved.status).toBe(200);
    rows = await read();
    expect(rows.get(refill)!.closedDays).toEqual(["2026-12-27", "2026-12-31", "2027-01-02", "2027-01-03"]);
    expect(rows.get(split)!.closedDays).toEqual([]);
  });
});
