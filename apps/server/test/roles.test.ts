import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import { ROUTE_ROLES, type RouteRole } from "@pharmacy/contract/auth/roles";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { enforceRouteRoles } from "../src/features/auth/route-roles.js";
import { makeAccount, makeDevice, makePerson, makeReception, uploadFile } from "./helpers/factories.js";
import { addBranch } from "./helpers/organizations.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

/**
 * Who may make each signed-in call, written here from the product's rules and NOT read from the
 * contract's role table, so that a wrong entry there fails this test: the admin does everything;
 * staff work the receptions (list, open, status, split, delete, call, photo requests), the reports and
 * the follow-ups and read the settings; the counter kiosk creates a reception and, until it is
 * confirmed, adds its photos and answers, previews, confirms (or abandons) it and reads what its flow
 * needs (the branch, its settings and hours); the calling display reads the board. Every role asks who
 * it is. The organisation's admin (本部管理者) reads the organisation and adds branches, beside their
 * role in the branch they are signed in to; a person lists and switches their own branches.
 */
const admin: RouteRole[] = ["admin"];
const people: RouteRole[] = ["admin", "staff"];
const counterToo: RouteRole[] = ["admin", "staff", "counter"];
const organization: RouteRole[] = ["orgAdmin"];
const EXPECTED: Record<string, RouteRole[]> = {
  "GET /api/user/me": ["admin", "staff", "counter", "display"],
  "POST /api/user/mfa/setup": people,
  "POST /api/user/mfa/enable": people,
  "POST /api/user/mfa/disable": people,
  "GET /api/user/branches": people,
  "POST /auth/switch_branch": people,
  "GET /api/organization": organization,
  "POST /api/organization/branches": organization,
  "GET /api/organization/today": organization,
  "GET /api/organization/audit": organization,
  "GET /api/organization/reports/daily": organization,
  "GET /api/organization/reports/daily.csv": organization,
  "GET /api/organization/settings": organization,
  "PUT /api/organization/settings": organization,
  // people and devices are the admin's
  "GET /api/staff": admin,
  "POST /api/staff": admin,
  "PATCH /api/staff/:id": admin,
  "POST /api/staff/:id/invitation": admin,
  "DELETE /api/staff/:id": admin,
  "POST /api/devices": admin,
  "GET /api/devices": admin,
  "DELETE /api/devices/:id": admin,
  "GET /api/audit": admin,
  "GET /api/audit.csv": admin,
  // receptions: staff's work; the counter's own reception until it is confirmed
  "GET /api/reception": people,
  "GET /api/reception/pickups": people,
  "GET /api/reception/dates": people,
  "POST /api/reception/:id/open": people,
  "GET /api/reception/:id/history": people,
  "POST /api/reception/:id/call": people,
  "POST /api/reception/:id/hand_over": people,
  "POST /api/reception/:id/photo_request": people,
  "PUT /api/reception/:id/prescription/:prescriptionId": people,
  "GET /api/reception/test_ticket": people,
  "POST /api/reception": counterToo,
  "GET /api/reception/:id": counterToo,
  "PATCH /api/reception/:id": counterToo,
  "GET /api/reception/:id/preview": counterToo,
  "POST /api/reception/:id/confirm": counterToo,
  "DELETE /api/reception/:id": counterToo,
  "DELETE /api/reception/:id/prescription/:prescriptionId": counterToo,
  "POST /api/file": counterToo,
  "PATCH /api/file": counterToo,
  "GET /api/file/:id": people,
  "GET /api/file/:id/thumbnail": people,
  "GET /api/display/board": ["admin", "staff", "display"],
  // settings: read by staff (and the counter, what its flow needs), changed by the admin
  "GET /api/pharmacy": counterToo,
  "GET /api/app_settings": counterToo,
  "GET /api/business_hours": counterToo,
  "PATCH /api/pharmacy": admin,
  "POST /api/pharmacy/public_slug": admin,
  "PUT /api/app_settings": admin,
  "PUT /api/business_hours": admin,
  "GET /api/line/settings": admin,
  "PUT /api/line/settings": admin,
  "DELETE /api/line/settings": admin,
  "GET /api/reports/daily": people,
  "GET /api/reports/daily.csv": people,
  // follow-ups: staff's work; changing the questionnaires is a setting
  "GET /api/reception/:id/care_contact": people,
  "PUT /api/reception/:id/care_contact": people,
  "DELETE /api/reception/:id/care_contact": people,
  "GET /api/reception/:id/follow_ups": people,
  "POST /api/reception/:id/follow_ups": people,
  "GET /api/follow_ups": people,
  "GET /api/follow_ups/today": people,
  "GET /api/follow_ups/:id": people,
  "PATCH /api/follow_ups/:id": people,
  "GET /api/follow_ups/:id/report": people,
  "GET /api/follow_up_templates": people,
  "PUT /api/follow_up_templates": admin,
  "DELETE /api/follow_up_templates": admin,
  "GET /api/next_dispensings": people,
  // how long records are kept is the admin's; a patient's request is answered by staff too
  "GET /api/retention": admin,
  "PUT /api/retention": admin,
  "GET /api/reception/:id/export": people,
  "DELETE /api/reception/:id/contacts": people,
  "DELETE /api/reception/:id/photos": people,
  "DELETE /api/reception/:id/personal_data": people,
};

interface Call {
  /** "METHOD /path" as the role table and EXPECTED name it. */
  name: string;
  method: string;
  /** With the ids of branch A's own things (its reception, prescription, file, person, device). */
  path: string;
  declared: RouteRole[];
}

/**
 * Who makes the calls, all about branch A: its admin, staff, counter and display; the organisation's
 * admin (who signed the organisation up: admin of A too); the admin of another branch of the same
 * organisation (B); the admin of another organisation.
 */
// the outsiders first: the others' allowed calls change A's things (an admin deletes its reception)
const SUBJECTS = ["siblingBranchAdmin", "otherOrgAdmin", "admin", "staff", "counter", "display", "orgAdmin"] as const;
type Subject = (typeof SUBJECTS)[number];
/** What each subject is, in the branch its token is on: the roles of the table it holds. */
const HOLDS: Record<Subject, RouteRole[]> = {
  admin: ["admin"],
  staff: ["staff"],
  counter: ["counter"],
  display: ["display"],
  orgAdmin: ["admin", "orgAdmin"],
  siblingBranchAdmin: ["admin"],
  otherOrgAdmin: ["admin", "orgAdmin"],
};
/** Those whose token is on another branch than A: what names A's things must be 404 to them. */
const OUTSIDERS: readonly Subject[] = ["siblingBranchAdmin", "otherOrgAdmin"];

let server: TestServer;
const tokens = {} as Record<Subject, string>;
const calls: Call[] = [];
/** Ids of branch A that no answer to an outsider may name. */
let ofBranchA: string[] = [];
const sorted = (roles: readonly RouteRole[] | undefined) => (roles ? [...roles].sort() : roles);

beforeAll(async () => {
  server = await startTestServer();
  const owner = await makeAccount(server);
  const branchAdmin = await makePerson(server, owner, "admin");
  const staff = await makePerson(server, owner, "staff");
  tokens.orgAdmin = owner.idToken;
  tokens.admin = branchAdmin.idToken;
  tokens.staff = staff.idToken;
  tokens.counter = (await makeDevice(server, owner, "counter")).idToken;
  tokens.display = (await makeDevice(server, owner, "display")).idToken;
  const sibling = await addBranch(server, owner, "さくら薬局 駅前店");
  tokens.siblingBranchAdmin = (await makePerson(server, sibling.admin, "admin")).idToken;
  tokens.otherOrgAdmin = (await makeAccount(server)).idToken;
  // branch A's things, named in the calls' paths
  const created = await makeReception(server, owner);
  const upload = await uploadFile(server, owner, JPEG_BYTES, { receptionId: created.id });
  const reception: Reception = (await server.api.get(`/api/reception/${created.id}`, owner.idToken)).body;
  // a device of its own: the admin's DELETE of it must not end the counter's or display's session
  const device = (await makeDevice(server, owner, "display")).id;
  const ids: Record<string, string> = {
    reception: reception.id,
    prescriptionId: reception.prescriptions[0]!.prescriptionId,
    file: upload.body.file.id,
    staff: staff.user.id,
    devices: device,
  };
  ofBranchA = [owner.user.pharmacyId, ...Object.values(ids)];
  const pathOf = (path: string) =>
    path
      .replace(/\/(reception|file|staff|devices)\/\{id\}/, (_match, kind: string) => `/${kind}/${ids[kind]}`)
      .replace("{prescriptionId}", ids.prescriptionId!)
      .replace(/\{[^}]+\}/g, randomUUID());
  // every signed-in call the server serves, with the roles it enforces
  const document = await server.api.get("/api/openapi.json");
  for (const [path, operations] of Object.entries(
    document.body.paths as Record<string, Record<string, { security?: unknown; "x-roles"?: RouteRole[] }>>,
  )) {
    for (const [method, operation] of Object.entries(operations)) {
      if (method === "head" || !operation.security) continue;
      calls.push({
        name: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`,
        method: method.toUpperCase(),
        path: pathOf(path),
        declared: operation["x-roles"] ?? [],
      });
    }
  }
  // seven people and devices over two organisations: slow on a loaded machine
}, 600_000);
afterAll(() => server.close());

describe("roles", () => {
  it("every signed-in call the server serves is in the expected matrix, and every entry of it is served", () => {
    expect(calls.map((call) => call.name).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it("each call enforces the expected roles, and the contract's role table says the same", () => {
    const differing = calls
      .filter((call) => JSON.stringify(sorted(call.declared)) !== JSON.stringify(sorted(EXPECTED[call.name])))
      .map((call) => `${call.name}: serves ${call.declared.join(",")}, expected ${EXPECTED[call.name]?.join(",")}`);
    expect(differing).toEqual([]);
    expect(Object.keys(ROUTE_ROLES).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(SUBJECTS)(
    "%s: allowed calls are not refused, every other answers 403 1012; outside branch A, A's things are 404",
    async (subject) => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      const leaks: string[] = [];
      const outsider = OUTSIDERS.includes(subject);
      for (const call of calls) {
        // an empty JSON body: the role is checked before the body, so a refused call never gets to a 400
        const body = call.method === "GET" || call.method === "DELETE" ? undefined : {};
        const response = await server.api.request(call.method, call.path, { body, token: tokens[subject] });
        const refused = response.status === 403 && response.body?.errorCode === ErrorCode.Forbidden;
        // a call naming A's things, by someone of elsewhere: not found (or its empty body refused first), never served
        const namesA = outsider && call.path !== call.name.split(" ")[1];
        const notServed = response.status === 404 || response.status === 400;
        outcomes.push(
          `${call.name} ${refused ? "refused" : response.status === 403 ? "403 other" : namesA && notServed ? "not found" : "allowed"}`,
        );
        const allowed = EXPECTED[call.name]?.some((role) => HOLDS[subject].includes(role));
        expected.push(`${call.name} ${!allowed ? "refused" : namesA ? "not found" : "allowed"}`);
        if (outsider && ofBranchA.some((id) => response.text.includes(id))) leaks.push(call.name);
      }
      expect(outcomes).toEqual(expected);
      expect(leaks).toEqual([]);
    },
    600_000,
  );

  it("the refusal is the catalogue's message", async () => {
    const response = await server.api.get("/api/staff", tokens.staff);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ errorCode: 1012, message: "この操作を行う権限がありません。" });
  });
});

describe("a signed-in route's roles come from the table alone", () => {
  async function register(route: (scope: ReturnType<typeof Fastify>) => void) {
    const app = Fastify();
    await app.register(async (scope) => {
      enforceRouteRoles(scope, async () => false);
      route(scope);
    });
    try {
      await app.ready();
    } finally {
      await app.close();
    }
  }

  it("a route missing from the table stops the server from starting", async () => {
    await expect(register((scope) => scope.get("/api/not_in_the_table", async () => ({})))).rejects.toThrow(
      "GET /api/not_in_the_table is not in the role table",
    );
  });

  it("a route declaring roles of its own stops it too", async () => {
    await expect(
      register((scope) => scope.get("/api/reception/pickups", { config: { roles: ["counter"] } }, async () => ({}))),
    ).rejects.toThrow("GET /api/reception/pickups declares its own roles");
  });

  it("a route of the table gets its roles, and so does its HEAD", async () => {
    const app = Fastify();
    const seen: unknown[] = [];
    await app.register(async (scope) => {
      enforceRouteRoles(scope, async () => false);
      scope.addHook("onRoute", (route) => void seen.push([route.method, route.config?.roles]));
      scope.get("/api/reception/pickups", async () => ({}));
    });
    await app.ready();
    await app.close();
    expect(seen).toEqual([
      ["GET", ["admin", "staff"]],
      ["HEAD", ["admin", "staff"]],
    ]);
  });
});
