import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAccount, makeReception, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

const lines: Array<{ level: number; msg: string; req?: { method: string; url: string }; reqId: string }> = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const INFO = 30;

let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: "info" }, logStream);
  account = await makeAccount(server);
});
afterAll(() => server.close());

function requestLinesFor(url: string) {
  const ids = new Set(
    lines.filter((line) => line.req?.method === "GET" && line.req.url === url).map((line) => line.reqId),
  );
  return lines.filter((line) => ids.has(line.reqId));
}

describe("request logs", () => {
  it("keeps polling and health calls out of the info log, and what people do in it", async () => {
    await makeReception(server, account);
    await server.api.get("/api/reception", account.idToken);
    await server.api.get("/healthz");
    await server.api.get("/readyz");
    expect(requestLinesFor("/api/reception").filter((line) => line.level >= INFO)).toHaveLength(0);
    const infoLines = lines.filter((line) => line.level >= INFO && line.msg === "request completed");
    expect(infoLines.length).toBeGreaterThan(0);
    expect(lines.some((line) => line.req?.method === "POST" && line.req.url === "/api/reception")).toBe(true);
    expect(requestLinesFor("/healthz")).toHaveLength(0);
    expect(requestLinesFor("/readyz")).toHaveLength(0);
  });

  it("binds both lines of a request to its id", async () => {
    await server.api.post("/api/reception", {}, account.idToken);
    const incoming = lines
      .filter(
        (line) => line.msg === "incoming request" && line.req?.method === "POST" && line.req.url === "/api/reception",
      )
      .at(-1)!;
    expect(lines.filter((line) => line.reqId === incoming.reqId).map((line) => line.msg)).toEqual([
      "incoming request",
      "request completed",
    ]);
  });

  it("gives each request its own id, under one prefix per process", async () => {
    await server.api.post("/api/reception", {}, account.idToken);
    await server.api.post("/api/reception", {}, account.idToken);
    const ids = lines.filter((line) => line.msg === "incoming request").map((line) => line.reqId);
    const [prefix] = ids[0]!.split("-");
    expect(prefix).toMatch(/^[0-9a-f]{12}$/);
    expect(ids.every((id) => id.startsWith(`${prefix}-`))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("request logs at debug", () => {
  const debugLines: typeof lines = [];
  let debugServer: TestServer;
  beforeAll(async () => {
    debugServer = await startTestServer(
      { LOG_LEVEL: "debug" },
      new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split("\n").filter(Boolean)) debugLines.push(JSON.parse(line));
          done();
        },
      }),
    );
  });
  afterAll(() => debugServer.close());

  it("writes a polling call's lines at debug, both with its id", async () => {
    const debugAccount = await makeAccount(debugServer);
    await debugServer.api.get("/api/reception", debugAccount.idToken);
    const ids = debugLines
      .filter((line) => line.req?.method === "GET" && line.req.url === "/api/reception")
      .map((line) => line.reqId);
    expect(ids).toHaveLength(1);
    expect(debugLines.filter((line) => line.reqId === ids[0]).map((line) => [line.level, line.msg])).toEqual([
      [20, "incoming request"],
      [20, "request completed"],
    ]);
  });

  it("draws another prefix than another process's", () => {
    const prefixOf = (id: string) => id.split("-")[0];
    const firstId = (from: typeof lines) => from.find((line) => line.reqId)!.reqId;
    expect(prefixOf(firstId(debugLines))).not.toBe(prefixOf(firstId(lines)));
  });
});
