import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAccount, makeReception, openPublicPage, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let account: TestAccount;
let slug: string;

// Wednesday 2026-06-03, 10:00 in Tokyo
const T0 = new Date("2026-06-03T01:00:00Z");
const MINUTE = 60_000;

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(T0);
  account = await makeAccount(server);
  slug = await openPublicPage(server, account);
});
afterAll(() => server.close());

const setStatus = (id: string, status: string) =>
  server.api.request("PATCH", `/api/reception/${id}`, { body: { id, status }, token: account.idToken });
const board = async () => (await server.api.get("/api/display/board", account.idToken)).body;

async function sendWebReception(): Promise<string> {
  const form = new FormData();
  form.append("patientName", "ヤマダ タロウ");
  form.append("phone", "09012345678");
  form.append("answers", JSON.stringify({ prescriptionType: "Electronic", receiveMethod: "Pharmacy" }));
  const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": server.api.clientIp },
  });
  return ((await response.json()) as { statusToken: string }).statusToken;
}

describe("the wait estimate from the branch's recent pace", () => {
  it("shows nothing until five receptions were Completed, then people ahead, a ready time, the ticket's and the board's minutes", async () => {
    // five prescriptions confirmed at 10:00, Completed at 10:10, 10:14, 10:18, 10:22, 10:26: one is finished every 4 minutes
    const first = await Promise.all([0, 1, 2, 3, 4].map(() => makeReception(server, account)));
    for (const [index, reception] of first.entries()) {
      server.clock.set(new Date(T0.getTime() + (10 + 4 * index) * MINUTE));
      if (index === 4) expect((await board()).waitMinutes).toBeUndefined();
      await setStatus(reception.id, "Completed");
    }
    const a = await makeReception(server, account);
    const b = await makeReception(server, account);
    await setStatus(b.id, "Dispensing");
    const statusToken = await sendWebReception();

    const status = (await server.api.get(`/api/public/reception/${statusToken}`)).body;
    expect(status.ahead).toBe(2);
    // the two ahead and itself at one every 4 minutes
    expect(status.estimatedReadyAt).toBe(new Date(server.clock.now().getTime() + 12 * MINUTE).toISOString());

    // a newcomer now has three ahead: 4 × 4 = 16 minutes, read as 約15分
    expect((await board()).waitMinutes).toBe(15);
    expect((await server.api.get(`/api/public/pharmacy/${slug}`)).body.waitMinutes).toBe(15);

    const list = (await server.api.get("/api/reception", account.idToken)).body.receptions;
    const web = list.find((r: { channel: string }) => r.channel === "Web");
    const ticket = await server.api.get(`/api/reception/${web.id}/preview`, account.idToken);
    expect(ticket.text).toContain("お待ち時間の目安 約10分");

    await setStatus(a.id, "Completed");
    expect((await server.api.get(`/api/public/reception/${statusToken}`)).body.ahead).toBe(1);
    await setStatus(web.id, "Completed");
    const ready = (await server.api.get(`/api/public/reception/${statusToken}`)).body;
    expect(ready).toMatchObject({ status: "Completed", ahead: 0 });
    expect(ready.estimatedReadyAt).toBeUndefined();
  });

  it("says nothing on a ticket, a board or a branch page without enough recent data", async () => {
    const other = await makeAccount(server);
    const reception = await makeReception(server, other);
    expect((await server.api.get("/api/display/board", other.idToken)).body.waitMinutes).toBeUndefined();
    expect((await server.api.get(`/api/reception/${reception.id}/preview`, other.idToken)).text).not.toContain(
      "お待ち時間の目安",
    );
    // three hours later this branch's own completions are too old too
    server.clock.set(new Date(T0.getTime() + 4 * 60 * MINUTE));
    expect((await board()).waitMinutes).toBeUndefined();
  });
});
