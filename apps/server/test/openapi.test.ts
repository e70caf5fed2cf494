import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { serverWithAccountPerFile } from "./helpers/server.js";

const ctx = serverWithAccountPerFile();

describe("OpenAPI", () => {
  it("serves a valid OpenAPI 3.1 document of the calls, with the contract's schemas and the id token where needed", async () => {
    const response = await ctx.server.api.get("/api/openapi.json");
    expect(response.status).toBe(200);
    const document = response.body;
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");

    const patch = document.paths["/api/reception/{id}"].patch;
    expect(patch.security).toEqual([{ idToken: [] }]);
    expect(Object.keys(patch.requestBody.content["application/json"].schema.properties)).toEqual(
      expect.arrayContaining(["id", "status", "answers", "patientName", "phone"]),
    );
    expect(document.paths["/auth/sign_in"].post.requestBody.content["application/json"].schema.required).toEqual([
      "email",
      "password",
    ]);
    expect(document.paths["/api/public/pharmacy/{publicSlug}"].get.security).toBeUndefined();
    for (const hidden of ["/healthz", "/readyz", "/metrics", "/api/openapi.json", "/ws"])
      expect(document.paths[hidden]).toBeUndefined();
  });

  it("shows the document to integrators on a page that keeps the content security policy", async () => {
    const page = await ctx.server.api.get("/api/docs/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.text).not.toMatch(/<script>(?!<\/script>)/);
    const initializer = await ctx.server.api.get("/api/docs/static/swagger-initializer.js");
    expect(initializer.status).toBe(200);
  });
});
