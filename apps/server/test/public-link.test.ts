import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/config.js";
import { makeAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function pharmacyOn(env: Record<string, string>) {
  const server = await startTestServer(env);
  servers.push(server);
  const account = await makeAccount(server);
  return (await server.api.get("/api/pharmacy", account.idToken)).body;
}

describe("the public link patients' phones open", () => {
  it("is built on PUBLIC_BASE_URL when it is set", async () => {
    const pharmacy = await pharmacyOn({ PUBLIC_BASE_URL: "https://kusuri.example.jp/uketsuke" });
    expect(pharmacy.publicUrl).toBe(`https://kusuri.example.jp/uketsuke/web/${pharmacy.publicSlug}`);
    expect(pharmacy.publicUrlIsLoopback).toBe(false);
  });

  it("is built on the address asked otherwise, flagged when no phone can reach it", async () => {
    const pharmacy = await pharmacyOn({});
    expect(pharmacy.publicUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/web/${pharmacy.publicSlug}$`));
    expect(pharmacy.publicUrlIsLoopback).toBe(true);
  });

  it("refuses a PUBLIC_BASE_URL that is not a web address at start-up", () => {
    expect(() => loadConfig({ PUBLIC_BASE_URL: "kusuri.example.jp" })).toThrow(/PUBLIC_BASE_URL/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: "ftp://kusuri.example.jp" })).toThrow(/PUBLIC_BASE_URL/);
  });
});
