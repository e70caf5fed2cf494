import { describe, expect, it } from "vitest";
import type { ReceptionList } from "@pharmacy/contract/receptions/receptions";
import { makeReception } from "./helpers/factories.js";
import { serverWithAccountPerFile } from "./helpers/server.js";

const ctx = serverWithAccountPerFile();

function list(query: string) {
  return fetch(`${ctx.server.baseUrl}/api/reception${query}`, {
    headers: { authorization: `Bearer ${ctx.account.idToken}` },
  });
}

describe("day list query (passed queries are remembered by the route's validator)", () => {
  it("answers each query by its own values, and refuses a bad one every time, after good ones too", async () => {
    for (let i = 0; i < 3; i++) await makeReception(ctx.server, ctx.account);
    for (const [query, count] of [
      ["?pageSize=1", 1],
      ["?pageSize=2", 2],
      ["?pageSize=1", 1],
      ["?pageSize=2&page=2", 1],
      ["?pageSize=1&status=Completed", 0],
    ] as const) {
      const response = await list(query);
      expect(response.status, query).toBe(200);
      expect(((await response.json()) as ReceptionList).receptions, query).toHaveLength(count);
    }
    for (const query of ["?pageSize=0", "?pageSize=1&extra=1", "?pageSize=0"]) {
      expect((await list(query)).status, query).toBe(400);
    }
  });

  it("sends an API answer's security headers with the list and with a refusal, not a page's", async () => {
    const answers = [
      await list("?pageSize=1"),
      await fetch(`${ctx.server.baseUrl}/api/reception`),
      await fetch(`${ctx.server.baseUrl}/auth/sign_in`, { method: "POST" }),
    ];
    expect(answers.map((response) => response.status)).toEqual([200, 401, 400]);
    for (const response of answers) {
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("strict-transport-security")).toContain("max-age=");
      expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("x-frame-options")).toBeNull();
    }
    const docs = await fetch(`${ctx.server.baseUrl}/api/docs/`);
    expect(docs.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(docs.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });
});
