import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

export const OPENAPI_PATH = "/api/openapi.json";
export const API_DOCS_PATH = "/api/docs";

/**
 * The docs page's own files (Swagger UI's script, styles, logo). The build bundles the plugin's code into
 * main.js (loading it from node_modules took about 90 ms of each start: bench/README.md, "A restart"), so
 * it cannot find them beside itself: they are named from the installed package.
 */
const SWAGGER_UI_FILES = path.join(path.dirname(fileURLToPath(import.meta.resolve("@fastify/swagger-ui"))), "static");

/** Calls that need the staff's id token: every /api call but the public pages' and these documents. */
function needsIdToken(url: string): boolean {
  // LINE's webhook is signed with the branch's channel secret instead
  return url.startsWith("/api/") && !url.startsWith("/api/public/") && !url.startsWith("/api/line/webhook/");
}

/** "/api/reception/:id" → "reception", "/auth/sign_in" → "auth": one group per feature in the docs. */
function tagOf(url: string): string {
  const [first, second] = url.split("/").filter(Boolean);
  return first === "api" && second ? second : (first ?? "api");
}

/**
 * The OpenAPI 3.1 document of every HTTP call, generated from the contract's zod schemas the routes
 * validate with (`/api/openapi.json`), and a page that shows it to integrators (`/api/docs`). Registered
 * before the routes, which it collects as they are added.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "薬局受付 API",
        version,
        description:
          "薬局の処方箋受付システムのAPIです。`/api/public/*` 以外の `/api/*` は `/auth/sign_in` で得た idToken を `Authorization: Bearer` で送ってください。受付の変更は WebSocket `/ws` で届きます。",
      },
      components: { securitySchemes: { idToken: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform(input) {
      const transformed = jsonSchemaTransform(input);
      const schema = { ...transformed.schema, tags: [tagOf(transformed.url)] } as typeof transformed.schema &
        Record<string, unknown>;
      // the roles that may make the call, as the role table gave them to the route (route-roles.ts): a
      // signed-in call named outside /api (switching branch) has them too
      const roles = input.route.config?.roles;
      if (needsIdToken(transformed.url) || roles) schema.security = [{ idToken: [] }];
      if (roles) schema["x-roles"] = roles;
      return { ...transformed, schema };
    },
    transformObject: jsonSchemaTransformObject,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    baseDir: SWAGGER_UI_FILES,
    logo: { type: "image/svg+xml", content: readFileSync(path.join(SWAGGER_UI_FILES, "logo.svg")) },
    uiConfig: { docExpansion: "list", deepLinking: true },
  });
}
