import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
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
    const aNumbers = results.slice(0, 20).map((response) => response.body.receptionNumber as number).sort((x, y) => x - y);
    const bNumbers = results.slice(20).map((response) => response.body.receptionNumber as number).sort((x, y) => x - y);
    expect(aNumbers).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(bNumbers).toEqual(aNumbers);
  });
});
