import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  const dist = path.join(process.env.TMPDIR ?? "/tmp", `pharmacy-dist-${process.pid}`);
  await mkdir(path.join(dist, "assets"), { recursive: true });
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>薬局受付</title><div id=root></div>");
  await writeFile(path.join(dist, "public.html"), "<!doctype html><title>Web受付</title><div id=patient-root></div>");
  await writeFile(path.join(dist, "login.html"), "<!doctype html><title>ログイン</title><div id=login-root></div>");
  await writeFile(path.join(dist, "assets", "index-abc123.js"), "console.log(1)");
  server = await startTestServer({ WEB_DIST_DIR: dist });
});
afterAll(() => server.close());

describe("serving the web app", () => {
  it("answers every page path with index.html, revalidated, so the router can take over", async () => {
    for (const page of ["/", "/settings/branch-info/", "/login-history", "/no/such/page"]) {
      const response = await server.api.get(page);
      expect(response.status).toBe(200);
      expect(response.text).toContain("<div id=root>");
      expect(response.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("answers the patient pages with their own entry, public.html, and nothing else with it", async () => {
    for (const page of ["/web/abc123", "/web/abc123?from=qr", "/web/status/tttttttttttttttttttttttt"]) {
      const response = await server.api.get(page);
      expect(response.status).toBe(200);
      expect(response.text).toContain("<div id=patient-root>");
      expect(response.headers.get("cache-control")).toBe("no-cache");
    }
    for (const page of ["/web", "/website", "/settings/web-questionnaire-link/"]) {
      expect((await server.api.get(page)).text).toContain("<div id=root>");
    }
  });

  it("answers the sign-in with its own light entry, login.html", async () => {
    for (const page of ["/login/", "/login", "/login/?redirect=%2Fsettings%2F", "/login?email=a%40example.jp"]) {
      const response = await server.api.get(page);
      expect(response.status).toBe(200);
      expect(response.text).toContain("<div id=login-root>");
      expect(response.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("caches hashed assets for good", async () => {
    const response = await server.api.get("/assets/index-abc123.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  it("sends security headers with a strict content security policy", async () => {
    const response = await server.api.get("/");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("keeps unknown API paths as JSON 404s", async () => {
    const response = await server.api.get("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "見つかりません。" });
  });
});
