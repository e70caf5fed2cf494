import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { connectSignedIn } from "@pharmacy/test-support/ws-client";
import {
  makeAccount,
  makeDevice,
  makePerson,
  makeReception,
  uploadFile,
  type TestAccount,
  type TestDevice,
} from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let admin: TestAccount;
let staff: TestAccount;
let counter: TestDevice;
let otherCounter: TestDevice;

beforeAll(async () => {
  server = await startTestServer({ UNCONFIRMED_RECEPTION_MINUTES: "15", ABANDONED_SWEEP_SECONDS: "0.05" });
  admin = await makeAccount(server);
  staff = await makePerson(server, admin);
  counter = await makeDevice(server, admin, "counter");
  otherCounter = await makeDevice(server, admin, "counter");
});
afterAll(() => server.close());

const as = (token: string) => ({
  get: (path: string) => server.api.get(path, token),
  post: (path: string, body?: unknown) => server.api.post(path, body, token),
  patch: (path: string, body: unknown) => server.api.request("PATCH", path, { body, token }),
  delete: (path: string) => server.api.request("DELETE", path, { token }),
});

async function historyActions(receptionId: string): Promise<string[]> {
  const rows = await server.database.db
    .selectFrom("reception_audit")
    .select("action")
    .where("reception_id", "=", receptionId)
    .orderBy("seq")
    .execute();
  return rows.map((row) => row.action);
}

describe("confirmed and unconfirmed receptions (docs/rules.md#people-roles-and-devices)", () => {
  it("a counter's reception is unconfirmed (受付中 on staff screens) until the patient confirms it", async () => {
    const live = await connectSignedIn(server.baseUrl, staff.idToken);
    try {
      const created = await as(counter.idToken).post("/api/reception");
      expect(created.status).toBe(201);
      expect(created.body.confirmedAt).toBeNull();
      await live.next(
        (event) =>
          event.type === "reception.created" &&
          event.reception.id === created.body.id &&
          event.reception.confirmedAt === null,
      );
      const listed = await as(staff.idToken).get("/api/reception");
      expect(listed.body.receptions.find((r: { id: string }) => r.id === created.body.id).confirmedAt).toBeNull();

      const answered = await as(counter.idToken).patch(`/api/reception/${created.body.id}`, {
        id: created.body.id,
        answers: { receiveMethod: "Pharmacy" },
      });
      expect(answered.status).toBe(200);
      expect(
        (
          await uploadFile(server, { idToken: counter.idToken } as TestAccount, JPEG_BYTES, {
            receptionId: created.body.id,
          })
        ).status,
      ).toBe(201);
      expect((await as(counter.idToken).get(`/api/reception/${created.body.id}/preview`)).status).toBe(200);

      const confirmed = await as(counter.idToken).post(`/api/reception/${created.body.id}/confirm`);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.confirmedAt).toEqual(expect.any(String));
      await live.next(
        (event) =>
          event.type === "reception.updated" &&
          event.reception.id === created.body.id &&
          event.reception.confirmedAt !== null,
      );
      expect(await historyActions(created.body.id)).toContain("confirmed");

      // once confirmed, it is the pharmacy's: the kiosk can no longer read or change it
      expect((await as(counter.idToken).get(`/api/reception/${created.body.id}`)).status).toBe(404);
      expect(
        (await as(counter.idToken).patch(`/api/reception/${created.body.id}`, { id: created.body.id, answers: {} }))
          .status,
      ).toBe(404);
      expect((await as(counter.idToken).delete(`/api/reception/${created.body.id}`)).status).toBe(404);
    } finally {
      live.close();
    }
  });

  it("a counter touches nothing of staff's or another kiosk's receptions", async () => {
    const paper = await makeReception(server, staff);
    expect(paper.confirmedAt).toEqual(paper.createdAt);
    const others = await as(otherCounter.idToken).post("/api/reception");
    for (const id of [paper.id, others.body.id]) {
      expect((await as(counter.idToken).get(`/api/reception/${id}`)).status).toBe(404);
      expect((await as(counter.idToken).post(`/api/reception/${id}/confirm`)).status).toBe(404);
      expect((await as(counter.idToken).get(`/api/reception/${id}/preview`)).status).toBe(404);
      expect((await as(counter.idToken).delete(`/api/reception/${id}`)).status).toBe(404);
      expect(
        (await uploadFile(server, { idToken: counter.idToken } as TestAccount, JPEG_BYTES, { receptionId: id })).status,
      ).toBe(404);
    }
  });

  it("a kiosk reset cancels its reception as abandoned; the number stays used", async () => {
    const live = await connectSignedIn(server.baseUrl, staff.idToken);
    try {
      const created = await as(counter.idToken).post("/api/reception");
      expect((await as(counter.idToken).delete(`/api/reception/${created.body.id}`)).status).toBe(204);
      await live.next((event) => event.type === "reception.deleted" && event.reception.id === created.body.id);
      expect(await historyActions(created.body.id)).toEqual(["created", "abandoned"]);
      const next = await makeReception(server, staff);
      expect(next.receptionNumber).toBe(created.body.receptionNumber + 1);
    } finally {
      live.close();
    }
  });

  it("one left unconfirmed for 15 minutes disappears by itself as abandoned; a staff confirmation keeps one", async () => {
    const live = await connectSignedIn(server.baseUrl, staff.idToken);
    try {
      const left = await as(counter.idToken).post("/api/reception");
      const kept = await as(counter.idToken).post("/api/reception");
      expect((await as(staff.idToken).post(`/api/reception/${kept.body.id}/confirm`)).status).toBe(200);
      server.clock.advance(14 * 60_000);
      const fresh = await as(counter.idToken).post("/api/reception");
      server.clock.advance(60_000 + 1000);
      await live.next((event) => event.type === "reception.deleted" && event.reception.id === left.body.id);
      expect(await historyActions(left.body.id)).toEqual(["created", "abandoned"]);
      const listed = (await as(staff.idToken).get("/api/reception?pageSize=500")).body.receptions.map(
        (r: { id: string }) => r.id,
      );
      expect(listed).toEqual(expect.arrayContaining([kept.body.id, fresh.body.id]));
      expect(listed).not.toContain(left.body.id);
    } finally {
      live.close();
    }
  });
});

describe("a counter kiosk does what its flow does, no more", () => {
  it("sets only the answers and the 引換番号 of its own unconfirmed reception; status, note, name and phone are refused; people set them all", async () => {
    const own = (await as(counter.idToken).post("/api/reception")).body;
    const refused = [
      { status: "Completed" },
      { note: "準備できました" },
      { patientName: "山田 花子" },
      { phone: "09012345678" },
      { status: "Completed", answers: {} },
    ];
    for (const changes of refused) {
      const answer = await as(counter.idToken).patch(`/api/reception/${own.id}`, { id: own.id, ...changes });
      expect(answer.status, JSON.stringify(changes)).toBe(403);
      expect(answer.body).toEqual({ errorCode: 1012, message: "この操作を行う権限がありません。" });
    }
    const unchanged = (await as(staff.idToken).get(`/api/reception/${own.id}`)).body;
    expect(unchanged).toEqual(own);
    expect(await historyActions(own.id)).toEqual(["created"]);

    const flow = await as(counter.idToken).patch(`/api/reception/${own.id}`, {
      id: own.id,
      answers: { receiveMethod: "Pharmacy" },
      exchangeNumber: "12345678",
    });
    expect(flow.status).toBe(200);
    expect(flow.body.answers).toEqual({ receiveMethod: "Pharmacy" });

    for (const person of [staff, admin]) {
      const reception = await makeReception(server, person);
      const all = await as(person.idToken).patch(`/api/reception/${reception.id}`, {
        id: reception.id,
        status: "Completed",
        note: "棚3",
        patientName: "山田 花子",
        phone: "09012345678",
      });
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ status: "Completed", note: "棚3", patientName: "山田 花子" });
    }
  });

  it("attaches by id only a file it uploaded itself, to its own unconfirmed reception; people attach any of the branch's", async () => {
    const kiosk = { idToken: counter.idToken } as TestAccount;
    const paper = await makeReception(server, staff);
    const patientsFile = (await uploadFile(server, staff, JPEG_BYTES, { receptionId: paper.id })).body.file
      .id as string;
    const otherKiosksFile = (await uploadFile(server, { idToken: otherCounter.idToken } as TestAccount, JPEG_BYTES))
      .body.file.id as string;
    const ownFile = (await uploadFile(server, kiosk, JPEG_BYTES)).body.file.id as string;
    const own = (await as(counter.idToken).post("/api/reception")).body;

    for (const id of [patientsFile, otherKiosksFile]) {
      const answer = await as(counter.idToken).patch("/api/file", { id, receptionId: own.id });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe("ファイルが見つかりません。");
    }
    expect((await as(counter.idToken).get(`/api/reception/${own.id}`)).body.prescriptions).toEqual([]);
    // its own file, but to a reception that is not its own
    expect((await as(counter.idToken).patch("/api/file", { id: ownFile, receptionId: paper.id })).status).toBe(404);

    const attached = await as(counter.idToken).patch("/api/file", { id: ownFile, receptionId: own.id });
    expect(attached.status).toBe(200);
    expect(attached.body.prescription).toMatchObject({ fileId: ownFile });

    const staffs = await makeReception(server, staff);
    for (const person of [staff, admin])
      expect((await as(person.idToken).patch("/api/file", { id: patientsFile, receptionId: staffs.id })).status).toBe(
        200,
      );
  });
});
