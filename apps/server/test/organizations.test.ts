import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GOOD_PASSWORD,
  invitationToken,
  makeAccount,
  makePerson,
  makeReception,
  type TestAccount,
} from "./helpers/factories.js";
import { addBranch, switchTo } from "./helpers/organizations.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let owner: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await makeAccount(server);
}, 600_000);
afterAll(() => server.close());

const branchIds = (response: { body: { branches: Array<{ id: string }> } }) =>
  response.body.branches.map((branch) => branch.id);

describe("an organisation", () => {
  it("sign-up creates it with its first branch, the one who signed up its admin", async () => {
    const me = await server.api.get("/api/user/me", owner.idToken);
    expect(me.body).toMatchObject({ role: "admin", organizationAdmin: true });
    const organization = await server.api.get("/api/organization", owner.idToken);
    expect(organization.status).toBe(200);
    expect(organization.body.id).toBe(me.body.organizationId);
    expect(branchIds(organization)).toEqual([owner.user.pharmacyId]);
  });

  it("sign-up takes the organisation's name (法人名)", async () => {
    const email = `hojin-${Date.now()}@example.jp`;
    const signUp = await server.api.post("/auth/sign_up", {
      email,
      password: GOOD_PASSWORD,
      name: "本部 一郎",
      organizationName: "  株式会社さくら  ",
    });
    expect(signUp.status).toBe(201);
    const row = await server.database.db
      .selectFrom("users")
      .innerJoin("memberships", "memberships.user_id", "users.id")
      .innerJoin("pharmacies", "pharmacies.id", "memberships.pharmacy_id")
      .innerJoin("organizations", "organizations.id", "pharmacies.organization_id")
      .select(["organizations.name", "memberships.role"])
      .where("users.email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "株式会社さくら", role: "admin" });
  });

  it("its admin adds a branch with its own public link, becomes its admin and sees every branch", async () => {
    const { branch, admin } = await addBranch(server, owner, "さくら薬局 駅前店");
    expect(branch.name).toBe("さくら薬局 駅前店");
    const first = await server.api.get("/api/pharmacy", owner.idToken);
    expect(branch.publicSlug).not.toBe(first.body.publicSlug);
    const organization = await server.api.get("/api/organization", admin.idToken);
    expect(branchIds(organization)).toEqual([owner.user.pharmacyId, branch.id]);
    const mine = await server.api.get("/api/user/branches", admin.idToken);
    expect(mine.body.branches).toEqual([
      { id: owner.user.pharmacyId, name: "", role: "admin" },
      { id: branch.id, name: "さくら薬局 駅前店", role: "admin" },
    ]);
    // the new branch's own numbers, settings and log
    expect((await makeReception(server, admin)).receptionNumber).toBe(1);
    const audit = await server.api.get("/api/audit", admin.idToken);
    expect(audit.body.rows.map((row: { action: string }) => row.action)).toEqual(
      expect.arrayContaining(["branch.created", "branch.switched"]),
    );
  });

  it("a branch's name is checked; nobody but the organisation's admin adds one or reads the organisation", async () => {
    for (const body of [
      {},
      { name: "" },
      { name: "   " },
      { name: "x".repeat(101) },
      { name: "店", extra: 1 },
      { name: 3 },
    ]) {
      const response = await server.api.post("/api/organization/branches", body, owner.idToken);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const staff = await makePerson(server, owner, "staff");
    const branchAdmin = await makePerson(server, owner, "admin");
    for (const person of [staff, branchAdmin]) {
      const added = await server.api.post("/api/organization/branches", { name: "勝手な店" }, person.idToken);
      expect(added.status).toBe(403);
      expect(added.body.errorCode).toBe(1012);
      expect((await server.api.get("/api/organization", person.idToken)).status).toBe(403);
    }
    const organization = await server.api.get("/api/organization", owner.idToken);
    expect(organization.body.branches.some((branch: { name: string }) => branch.name === "勝手な店")).toBe(false);
  });

  it("the chain's day: each branch's counts of today, to the organisation's admin alone", async () => {
    const { branch, admin } = await addBranch(server, owner, "今日の店");
    await makeReception(server, admin);
    const second = await makeReception(server, admin);
    for (const status of ["Reviewing", "Dispensing", "Completed"]) {
      const moved = await server.api.request("PATCH", `/api/reception/${second.id}`, {
        body: { id: second.id, status },
        token: admin.idToken,
      });
      expect(moved.status).toBe(200);
    }
    const today = await server.api.get("/api/organization/today", owner.idToken);
    expect(today.status).toBe(200);
    expect(today.body.date).toBe("2026-11-20");
    expect(today.body.branches.find((row: { id: string }) => row.id === branch.id)).toEqual({
      id: branch.id,
      name: "今日の店",
      received: 2,
      waiting: 1,
      completed: 1,
      carried: 0,
      pickupsDue: 2,
      followUpsDue: 0,
      failedNotices: 0,
    });
    expect(branchIds(today)).toEqual(branchIds(await server.api.get("/api/organization", owner.idToken)));
    const staff = await makePerson(server, owner, "staff");
    expect((await server.api.get("/api/organization/today", staff.idToken)).body.errorCode).toBe(1012);
    // the next day, what was not finished is carried
    server.clock.set(new Date("2026-11-21T01:00:00Z"));
    try {
      const { idToken } = (await server.api.post("/auth/refresh_token", { refreshToken: owner.refreshToken })).body;
      const next = await server.api.get("/api/organization/today", idToken);
      expect(next.body.branches.find((row: { id: string }) => row.id === branch.id)).toMatchObject({
        received: 0,
        carried: 2,
        pickupsDue: 0,
      });
    } finally {
      server.clock.set(new Date("2026-11-20T00:00:00Z"));
    }
  });

  it("the organisation's audit log: every branch's, or one branch's; never another organisation's", async () => {
    const all = await server.api.get("/api/organization/audit?pageSize=500", owner.idToken);
    expect(all.status).toBe(200);
    const branches = branchIds(await server.api.get("/api/organization", owner.idToken));
    const logged = new Set(all.body.rows.map((row: { branchId: string }) => row.branchId));
    expect([...logged].sort()).toEqual([...branches].sort());
    const one = await server.api.get(
      `/api/organization/audit?branchId=${branches[1]}&action=branch.created`,
      owner.idToken,
    );
    expect(one.body.rows.map((row: { branchId: string; action: string }) => `${row.branchId} ${row.action}`)).toEqual([
      `${branches[1]} branch.created`,
    ]);
    const stranger = await makeAccount(server);
    const elsewhere = await server.api.get(
      `/api/organization/audit?branchId=${stranger.user.pharmacyId}`,
      owner.idToken,
    );
    expect(elsewhere.status).toBe(404);
    const theirs = await server.api.get("/api/organization/audit", stranger.idToken);
    expect(theirs.body.rows.every((row: { branchId: string }) => row.branchId === stranger.user.pharmacyId)).toBe(true);
    expect((await server.api.get("/api/organization/audit?branchId=x", owner.idToken)).status).toBe(400);
  });

  it("another organisation's admin sees only their own", async () => {
    const stranger = await makeAccount(server);
    const theirs = await server.api.get("/api/organization", stranger.idToken);
    expect(branchIds(theirs)).toEqual([stranger.user.pharmacyId]);
  });
});

describe("one person, several branches", () => {
  let pharmacist: TestAccount;
  let second: { branch: { id: string }; admin: TestAccount };

  beforeAll(async () => {
    pharmacist = await makePerson(server, owner, "staff");
    second = await addBranch(server, owner, "さくら薬局 北口店");
  });

  it("inviting an existing account makes an invitation of this branch, not a second account (no 1007)", async () => {
    const invite = await server.api.post(
      "/api/staff",
      { email: pharmacist.email, name: "薬剤師 太郎", role: "admin" },
      second.admin.idToken,
    );
    expect(invite.status).toBe(201);
    expect(invite.body).toMatchObject({ id: pharmacist.user.id, status: "invited", role: "admin" });
    const token = await invitationToken(server, pharmacist.email);
    // a password does not take over an existing account; without the bearer token it is not accepted
    const withPassword = await server.api.post("/auth/accept_invitation", { token, password: "Another1Pass" });
    expect(withPassword.status).toBe(400);
    expect((await server.api.post("/auth/accept_invitation", { token })).status).toBe(401);
    const someoneElse = await server.api.post("/auth/accept_invitation", { token }, owner.idToken);
    expect(someoneElse.body.errorCode).toBe(1008);
    // none of those used the link up
    const accepted = await server.api.post("/auth/accept_invitation", { token }, pharmacist.idToken);
    expect(accepted.status).toBe(200);
    expect((await server.api.post("/auth/accept_invitation", { token }, pharmacist.idToken)).body.errorCode).toBe(1008);
    const again = await server.api.post(
      "/api/staff",
      { email: pharmacist.email, name: "薬剤師 太郎", role: "staff" },
      second.admin.idToken,
    );
    expect(again.body.errorCode).toBe(1007);
    const mine = await server.api.get("/api/user/branches", pharmacist.idToken);
    expect(mine.body.branches.map((branch: { id: string; role: string }) => `${branch.id} ${branch.role}`)).toEqual([
      `${owner.user.pharmacyId} staff`,
      `${second.branch.id} admin`,
    ]);
  });

  it("switching gives tokens of the other branch with the role there; the left session ends at once", async () => {
    const first = await makeReception(server, owner);
    const switched = await switchTo(server, pharmacist, second.branch.id);
    const me = await server.api.get("/api/user/me", switched.idToken);
    expect(me.body).toMatchObject({ pharmacyId: second.branch.id, role: "admin", organizationAdmin: false });
    expect(switched.user.pharmacyId).toBe(second.branch.id);
    expect((await server.api.get("/api/user/me", pharmacist.idToken)).status).toBe(401);
    expect((await server.api.post("/auth/refresh_token", { refreshToken: pharmacist.refreshToken })).status).toBe(401);
    // the first branch's reception is another branch's now: 404
    expect((await server.api.get(`/api/reception/${first.id}`, switched.idToken)).status).toBe(404);
    const refreshed = await server.api.post("/auth/refresh_token", { refreshToken: switched.refreshToken });
    expect((await server.api.get("/api/user/me", refreshed.body.idToken)).body.pharmacyId).toBe(second.branch.id);
    const audit = await server.api.get("/api/audit?action=branch.switched", switched.idToken);
    expect(audit.body.rows.length).toBeGreaterThan(0);
    pharmacist = await switchTo(server, switched, owner.user.pharmacyId);
    expect((await server.api.get(`/api/reception/${first.id}`, pharmacist.idToken)).status).toBe(200);
  });

  it("a branch the person does not belong to, of this organisation or another, is refused 403 1012", async () => {
    const stranger = await makeAccount(server);
    const third = await addBranch(server, owner, "さくら薬局 南口店");
    for (const branchId of [stranger.user.pharmacyId, third.branch.id, "00000000-0000-4000-8000-000000000000"]) {
      const response = await server.api.post("/auth/switch_branch", { branchId }, pharmacist.idToken);
      expect(response.status).toBe(403);
      expect(response.body.errorCode).toBe(1012);
    }
    for (const body of [{}, { branchId: "x" }, { branchId: third.branch.id, extra: 1 }]) {
      expect((await server.api.post("/auth/switch_branch", body, pharmacist.idToken)).status).toBe(400);
    }
    expect((await server.api.post("/auth/switch_branch", { branchId: third.branch.id })).status).toBe(401);
  });

  it("disabled in one branch, the person still works in the other; a sign-in lands where they may work", async () => {
    const disabled = await server.api.request("PATCH", `/api/staff/${pharmacist.user.id}`, {
      body: { disabled: true },
      token: second.admin.idToken,
    });
    expect(disabled.status).toBe(200);
    expect((await server.api.get("/api/user/me", pharmacist.idToken)).status).toBe(200);
    const refused = await server.api.post("/auth/switch_branch", { branchId: second.branch.id }, pharmacist.idToken);
    expect(refused.status).toBe(403);
    const signedIn = await server.api.post("/auth/sign_in", { email: pharmacist.email, password: GOOD_PASSWORD });
    expect(signedIn.body.user.pharmacyId).toBe(owner.user.pharmacyId);
    const mine = await server.api.get("/api/user/branches", signedIn.body.idToken);
    expect(branchIds(mine)).toEqual([owner.user.pharmacyId]);
  });

  it("a device belongs to its branch: it cannot switch", async () => {
    const created = await server.api.post("/api/devices", { kind: "counter", name: "受付" }, owner.idToken);
    const device = await server.api.post("/auth/refresh_token", { refreshToken: created.body.deviceToken });
    const response = await server.api.post("/auth/switch_branch", { branchId: second.branch.id }, device.body.idToken);
    expect(response.status).toBe(403);
    expect(response.body.errorCode).toBe(1012);
  });
});
