import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "@pharmacy/contract/errors";
import { RoleSchema, type Role } from "@pharmacy/contract/roles";
import { makeAccount, makeDevice, makePerson } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

interface Call {
  method: string;
  path: string;
  roles: Role[];
}

let server: TestServer;
const tokens = {} as Record<Role, string>;
const calls: Call[] = [];
const undeclared: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const admin = await makeAccount(server);
  tokens.admin = admin.idToken;
  tokens.staff = (await makePerson(server, admin, "staff")).idToken;
  tokens.counter = (await makeDevice(server, admin, "counter")).idToken;
  tokens.display = (await makeDevice(server, admin, "display")).idToken;
  // every signed-in call, as the server lists them with the roles each declares
  const document = await server.api.get("/api/openapi.json");
  for (const [path, operations] of Object.entries(
    document.body.paths as Record<string, Record<string, { security?: unknown; "x-roles"?: Role[] }>>,
  )) {
    for (const [method, operation] of Object.entries(operations)) {
      if (method === "head" || !operation.security) continue;
      if (!operation["x-roles"]) undeclared.push(`${method} ${path}`);
      else
        calls.push({
          method: method.toUpperCase(),
          path: path.replace(/\{[^}]+\}/g, randomUUID()),
          roles: operation["x-roles"],
        });
    }
  }
});
afterAll(() => server.close());

describe("roles (SPEC §7)", () => {
  it("every signed-in call declares the roles that may make it", () => {
    expect(undeclared).toEqual([]);
    expect(calls.length).toBeGreaterThan(25);
    expect(calls.map((call) => `${call.method} ${call.path.replace(/[0-9a-f-]{36}/g, ":id")}`)).toEqual(
      expect.arrayContaining([
        "GET /api/reception",
        "GET /api/reception/pickups",
        "GET /api/staff",
        "POST /api/staff/:id/invitation",
        "DELETE /api/staff/:id",
        "POST /api/devices",
        "GET /api/user/me",
        "GET /api/audit",
        "GET /api/audit.csv",
      ]),
    );
  });

  it("staff, devices, the audit log and LINE settings are the admin's alone (SPEC §7's table)", () => {
    const adminOnly = [
      "GET /api/staff",
      "POST /api/staff",
      "PATCH /api/staff/:id",
      "POST /api/staff/:id/invitation",
      "DELETE /api/staff/:id",
      "POST /api/devices",
      "GET /api/devices",
      "DELETE /api/devices/:id",
      "GET /api/audit",
      "GET /api/audit.csv",
      "GET /api/line/settings",
      "PUT /api/line/settings",
      "DELETE /api/line/settings",
    ];
    const declared = calls.filter((call) =>
      adminOnly.includes(`${call.method} ${call.path.replace(/[0-9a-f-]{36}/g, ":id")}`),
    );
    expect(declared).toHaveLength(adminOnly.length);
    expect(declared.map((call) => call.roles)).toEqual(adminOnly.map(() => ["admin"]));
  });

  it("follow-ups, their templates and next dispensings are staff's and admins' (SPEC §12); editing templates the admin's", () => {
    const people = [
      "GET /api/reception/:id/care_contact",
      "PUT /api/reception/:id/care_contact",
      "DELETE /api/reception/:id/care_contact",
      "GET /api/reception/:id/follow_ups",
      "POST /api/reception/:id/follow_ups",
      "GET /api/follow_ups",
      "GET /api/follow_ups/today",
      "GET /api/follow_ups/:id",
      "PATCH /api/follow_ups/:id",
      "GET /api/follow_ups/:id/report",
      "GET /api/follow_up_templates",
      "GET /api/next_dispensings",
    ];
    const declared = (names: string[]) =>
      names.map(
        (name) => calls.find((call) => `${call.method} ${call.path.replace(/[0-9a-f-]{36}/g, ":id")}` === name)?.roles,
      );
    expect(declared(people)).toEqual(people.map(() => ["admin", "staff"]));
    expect(declared(["PUT /api/follow_up_templates"])).toEqual([["admin"]]);
  });

  it.each(RoleSchema.options)("%s: allowed calls are not refused, every other answers 403 1012", async (role) => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const call of calls) {
      // an empty JSON body: the role is checked before the body, so a refused call never gets to a 400
      const body = call.method === "GET" || call.method === "DELETE" ? undefined : {};
      const response = await server.api.request(call.method, call.path, { body, token: tokens[role] });
      const refused = response.status === 403 && response.body?.errorCode === ErrorCode.Forbidden;
      outcomes.push(
        `${call.method} ${call.path} ${refused ? "refused" : response.status === 403 ? "403 other" : "allowed"}`,
      );
      expected.push(`${call.method} ${call.path} ${call.roles.includes(role) ? "allowed" : "refused"}`);
    }
    expect(outcomes).toEqual(expected);
  });

  it("the refusal is the catalogue's message", async () => {
    const response = await server.api.get("/api/staff", tokens.staff);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ errorCode: 1012, message: "この操作を行う権限がありません。" });
  });
});
