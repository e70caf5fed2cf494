import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { makeAccount, openPublicPage, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  // each phone its own address: the per-address send limit never queues the race
  server = await startTestServer({ PUBLIC_SEND_CONCURRENCY: "100" });
});
afterAll(() => server.close());

describe("reception numbers under concurrency", () => {
  it("200 concurrent creates get 200 distinct, consecutive numbers", async () => {
    const account = await makeAccount(server);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => server.api.post("/api/reception", undefined, account.idToken)),
    );
    expect(responses.every((response) => response.status === 201)).toBe(true);
    const numbers = responses.map((response) => response.body.receptionNumber as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
    const listed = await server.api.get("/api/reception?pageSize=500", account.idToken);
    expect(listed.body.total).toBe(200);
  });

  it("two branches number independently", async () => {
    const [a, b] = [await makeAccount(server), await makeAccount(server)];
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => server.api.post("/api/reception", undefined, a.idToken)),
      ...Array.from({ length: 20 }, () => server.api.post("/api/reception", undefined, b.idToken)),
    ]);
    expect(results.every((response) => response.status === 201)).toBe(true);
    const aNumbers = results
      .slice(0, 20)
      .map((response) => response.body.receptionNumber as number)
      .sort((x, y) => x - y);
    const bNumbers = results
      .slice(20)
      .map((response) => response.body.receptionNumber as number)
      .sort((x, y) => x - y);
    expect(aNumbers).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(bNumbers).toEqual(aNumbers);
  });
});

/** A web reception from its own phone (address), so that sends really run at once. */
async function sendFromPhone(slug: string, phone: number) {
  const form = new FormData();
  form.append("patientName", "ヤマダ タロウ");
  form.append("phone", "09012345678");
  form.append("answers", JSON.stringify({ prescriptionType: "Paper", receiveMethod: "Pharmacy" }));
  form.append("photoConsent", "true");
  form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "a.jpg");
  const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": `198.51.100.${phone}` },
  });
  return {
    status: response.status,
    body: (await response.json()) as { receptionNumber: number; receptionDate: string },
  };
}

async function dayNumbers(account: TestAccount, date: string) {
  const list = await server.api.get(`/api/reception?date=${date}&pageSize=500`, account.idToken);
  return (list.body.receptions as { receptionNumber: number; channel: string }[])
    .map((r) => [r.receptionNumber, r.channel] as const)
    .sort((a, b) => a[0] - b[0]);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe("numbers across days (docs/rules.md#across-days) under concurrency", () => {
  it("overnight web receptions and the counter's race: unique and gap-free per day, the night's web ones first in the morning", async () => {
    server.clock.set(new Date("2026-11-26T13:30:00Z")); // Thursday 22:30 JST, closed; Friday opens at 09:00
    const account = await makeAccount(server);
    const slug = await openPublicPage(server, account);
    const night = await Promise.all([
      ...range(1, 15).map((phone) => sendFromPhone(slug, phone)),
      ...range(1, 15).map(() => server.api.post("/api/reception", undefined, account.idToken)),
    ]);
    expect(night.map((response) => response.status)).toEqual(Array(30).fill(201));
    expect(new Set(night.slice(0, 15).map((sent) => sent.body.receptionDate))).toEqual(new Set(["2026-11-27"]));

    server.clock.set(new Date("2026-11-26T23:50:00Z")); // Friday 08:50 JST: before opening, web and counter share the day
    const refreshed = await server.api.post("/auth/refresh_token", { refreshToken: account.refreshToken });
    const idToken = refreshed.body.idToken as string;
    const morning = await Promise.all([
      ...range(16, 35).map((phone) => sendFromPhone(slug, phone)),
      ...range(1, 20).map(() => server.api.post("/api/reception", undefined, idToken)),
    ]);
    expect(morning.map((response) => response.status)).toEqual(Array(40).fill(201));

    const mine = { ...account, idToken };
    expect(await dayNumbers(mine, "2026-11-26")).toEqual(range(1, 15).map((n) => [n, "Paper"]));
    const friday = await dayNumbers(mine, "2026-11-27");
    expect(friday.map(([n]) => n)).toEqual(range(1, 55));
    expect(friday.slice(0, 15).every(([, channel]) => channel === "Web")).toBe(true);
  });
});
