import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config/config.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

describe("TRUST_PROXY", () => {
  it("is off, a number of hops or a list of proxy addresses, never 'trust everyone'", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "off" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 192.168.0.0/16,::1" }).trustProxy).toEqual([
      "10.0.0.1",
      "192.168.0.0/16",
      "::1",
    ]);
    for (const value of ["on", "true", "yes", "10.0.0.1,everyone", "10.0.0.0/33"]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
  });
});

describe("behind one trusted proxy", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "1", AUTH_RATE_LIMIT_PER_MINUTE: "3" });
  });
  afterAll(() => server.close());

  it("a client cannot choose the address limits see by sending its own X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await server.api.request("POST", "/auth/forgot_password", {
        body: { email: "a@b.jp" },
        // what the proxy appends last is the address it saw; the rest came from the client
        headers: { "x-forwarded-for": `10.9.8.${i}, 203.0.113.50` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe("CORS with CORS_ORIGINS", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ CORS_ORIGINS: "https://staff.example.jp" });
  });
  afterAll(() => server.close());

  it.each(["PATCH", "PUT", "DELETE", "POST"])(
    "lets the allowed origin send %s with the API's headers",
    async (method) => {
      const response = await fetch(`${server.baseUrl}/api/reception/00000000-0000-4000-8000-000000000000`, {
        method: "OPTIONS",
        headers: {
          origin: "https://staff.example.jp",
          "access-control-request-method": method,
          "access-control-request-headers": "authorization,content-type,x-ws-session-id",
        },
      });
      expect(response.status).toBeLessThan(300);
      expect(response.headers.get("access-control-allow-origin")).toBe("https://staff.example.jp");
      expect(response.headers.get("access-control-allow-methods")).toContain(method);
      expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("x-ws-session-id");
    },
  );

  it("gives another origin nothing", async () => {
    const response = await fetch(`${server.baseUrl}/api/reception`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "DELETE" },
    });
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});
