import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import {
  GOOD_PASSWORD,
  invitationToken,
  makeAccount,
  makePerson,
  uniqueEmail,
  type TestAccount,
} from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let admin: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  admin = await makeAccount(server);
});
afterAll(() => server.close());

const invite = (email: string, role = "staff", token = admin.idToken) =>
  server.api.post("/api/staff", { email, name: "受付 次郎", role }, token);
const patch = (id: string, body: unknown, token = admin.idToken) =>
  server.api.request("PATCH", `/api/staff/${id}`, { body, token });

describe("staff invitations (docs/rules.md#people-roles-and-devices)", () => {
  it("mail a link; the person sets a password with it once and signs in with the role given", async () => {
    const email = uniqueEmail("invited");
    const invited = await invite(email);
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email,
      name: "受付 次郎",
      role: "staff",
      status: "invited",
      mfaEnabled: false,
    });
    expect((await server.api.post("/auth/sign_in", { email, password: GOOD_PASSWORD })).body.errorCode).toBe(
      ErrorCode.WrongCredentials,
    );

    const token = await invitationToken(server, email);
    expect((await server.api.post("/auth/accept_invitation", { token, password: GOOD_PASSWORD })).body).toEqual({
      email,
    });
    const again = await server.api.post("/auth/accept_invitation", { token, password: GOOD_PASSWORD });
    expect(again).toMatchObject({ status: 400, body: { errorCode: ErrorCode.WrongCode } });

    const signIn = await server.api.post("/auth/sign_in", { email, password: GOOD_PASSWORD });
    const me = await server.api.get("/api/user/me", signIn.body.idToken);
    expect(me.body).toMatchObject({ email, role: "staff", name: "受付 次郎", pharmacyId: admin.user.pharmacyId });
    const listed = await server.api.get("/api/staff", admin.idToken);
    expect(listed.body.staff.find((person: { email: string }) => person.email === email)).toMatchObject({
      status: "active",
      lastSignInAt: expect.any(String),
    });
  });

  it("expire after 72 hours (1009) and refuse an unknown token (1008) or a weak password (400)", async () => {
    const email = uniqueEmail("late");
    await invite(email);
    const token = await invitationToken(server, email);
    expect((await server.api.post("/auth/accept_invitation", { token, password: "short" })).status).toBe(400);
    expect(
      (await server.api.post("/auth/accept_invitation", { token: "no-such-token", password: GOOD_PASSWORD })).body
        .errorCode,
    ).toBe(ErrorCode.WrongCode);
    server.clock.advance(72 * 60 * 60_000 + 1000);
    try {
      expect(
        (await server.api.post("/auth/accept_invitation", { token, password: GOOD_PASSWORD })).body.errorCode,
      ).toBe(ErrorCode.CodeExpired);
    } finally {
      server.clock.advance(-(72 * 60 * 60_000 + 1000));
    }
  });

  it("answer 1007 for an e-mail already in this branch; an account of another branch is invited here", async () => {
    const other = await makeAccount(server);
    const invited = await invite(other.email);
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ id: other.user.id, status: "invited" });
    expect((await invite(admin.email)).body.errorCode).toBe(ErrorCode.EmailTaken);
  });

  it("are the branch's own: another branch's person is 404", async () => {
    const other = await makeAccount(server);
    expect((await patch(other.user.id, { name: "x" })).status).toBe(404);
    expect(
      (await server.api.get("/api/staff", other.idToken)).body.staff.map((p: { email: string }) => p.email),
    ).toEqual([other.email]);
  });
});

describe("a pending invitation", () => {
  const resend = (id: string, token = admin.idToken) => server.api.post(`/api/staff/${id}/invitation`, {}, token);
  const cancel = (id: string, token = admin.idToken) => server.api.request("DELETE", `/api/staff/${id}`, { token });
  const accept = (token: string) => server.api.post("/auth/accept_invitation", { token, password: GOOD_PASSWORD });

  it("re-sent: a new link works and the old one is dead at once", async () => {
    const email = uniqueEmail("resent");
    const invited = await invite(email);
    const oldToken = await invitationToken(server, email);
    const again = await resend(invited.body.id);
    expect(again).toMatchObject({ status: 200, body: { id: invited.body.id, email, status: "invited" } });
    const newToken = await invitationToken(server, email);
    expect(newToken).not.toBe(oldToken);
    expect((await accept(oldToken)).body.errorCode).toBe(ErrorCode.WrongCode);
    expect((await accept(newToken)).body).toEqual({ email });
    // joined now: nothing to re-send or take back
    expect((await resend(invited.body.id)).status).toBe(409);
    expect((await cancel(invited.body.id)).status).toBe(409);
  });

  it("re-inviting the pending address re-sends (its new name and role) instead of 1007", async () => {
    const email = uniqueEmail("again");
    const first = await invite(email);
    const oldToken = await invitationToken(server, email);
    const again = await server.api.post("/api/staff", { email, name: "受付 三郎", role: "admin" }, admin.idToken);
    expect(again).toMatchObject({
      status: 201,
      body: { id: first.body.id, name: "受付 三郎", role: "admin", status: "invited" },
    });
    expect((await accept(oldToken)).body.errorCode).toBe(ErrorCode.WrongCode);
    expect((await accept(await invitationToken(server, email))).body).toEqual({ email });
    const staff = (await server.api.get("/api/staff", admin.idToken)).body.staff.filter(
      (person: { email: string }) => person.email === email,
    );
    expect(staff).toEqual([expect.objectContaining({ role: "admin", status: "active" })]);
  });

  it("another branch's pending invitee is 404 to re-send or cancel here, until this branch invites them too", async () => {
    const email = uniqueEmail("theirs");
    const other = await makeAccount(server);
    const theirs = await invite(email, "staff", other.idToken);
    expect((await resend(theirs.body.id)).status).toBe(404);
    expect((await cancel(theirs.body.id)).status).toBe(404);
    const ours = await invite(email);
    expect(ours.body).toMatchObject({ id: theirs.body.id, status: "invited" });
    // taking ours back leaves theirs
    expect((await cancel(theirs.body.id)).status).toBe(204);
    const theirList = await server.api.get("/api/staff", other.idToken);
    expect(theirList.body.staff.some((person: { email: string }) => person.email === email)).toBe(true);
  });

  it("cancelled: the person leaves the list, the link is dead, the address can be invited again", async () => {
    const email = uniqueEmail("cancelled");
    const invited = await invite(email);
    const token = await invitationToken(server, email);
    expect((await cancel(invited.body.id)).status).toBe(204);
    expect((await cancel(invited.body.id)).status).toBe(404);
    expect((await resend(invited.body.id)).status).toBe(404);
    expect((await accept(token)).body.errorCode).toBe(ErrorCode.WrongCode);
    expect(
      (await server.api.get("/api/staff", admin.idToken)).body.staff.some(
        (person: { email: string }) => person.email === email,
      ),
    ).toBe(false);
    expect((await invite(email)).status).toBe(201);
    const audit = (await server.api.get("/api/audit?action=staff.invitation_cancelled", admin.idToken)).body.rows;
    expect(audit).toEqual(
      expect.arrayContaining([expect.objectContaining({ targetId: invited.body.id, targetType: "user" })]),
    );
  });

  it("refuse a staff member (403 1012) and a bad id (400)", async () => {
    const staff = await makePerson(server, admin, "staff");
    const invited = await invite(uniqueEmail("guarded"));
    expect((await resend(invited.body.id, staff.idToken)).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await cancel(invited.body.id, staff.idToken)).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await resend("not-an-id")).status).toBe(400);
    expect((await cancel("not-an-id")).status).toBe(400);
  });

  it("re-sent many times at once: one link, the last mailed, opens it", async () => {
    const email = uniqueEmail("burst");
    const invited = await invite(email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => resend(invited.body.id)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const rows = await server.database.db
      .selectFrom("invitations")
      .select("user_id")
      .where("user_id", "=", invited.body.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("re-sent and cancelled at once: either it is gone, or it was re-sent first and then cancelled", async () => {
    const invited = await invite(uniqueEmail("race"));
    const [resent, cancelled] = await Promise.all([resend(invited.body.id), cancel(invited.body.id)]);
    expect(cancelled.status).toBe(204);
    expect([200, 404]).toContain(resent.status);
    expect(
      await server.database.db.selectFrom("users").select("id").where("id", "=", invited.body.id).execute(),
    ).toEqual([]);
  });
});

describe("the last active admin", () => {
  it("cannot be demoted or disabled (409 1014); with a second admin, one can", async () => {
    const branch = await makeAccount(server);
    expect(await patch(branch.user.id, { role: "staff" }, branch.idToken)).toMatchObject({
      status: 409,
      body: { errorCode: ErrorCode.LastAdmin },
    });
    expect(await patch(branch.user.id, { disabled: true }, branch.idToken)).toMatchObject({
      status: 409,
      body: { errorCode: ErrorCode.LastAdmin },
    });
    expect((await patch(branch.user.id, { name: "店長" }, branch.idToken)).body).toMatchObject({
      name: "店長",
      role: "admin",
    });
    const second = await makePerson(server, branch, "admin");
    expect((await patch(branch.user.id, { role: "staff" }, second.idToken)).body.role).toBe("staff");
  });

  it("stays even when both of two admins are removed at once", async () => {
    const branch = await makeAccount(server);
    const second = await makePerson(server, branch, "admin");
    const results = await Promise.all([
      patch(second.user.id, { disabled: true }, branch.idToken),
      patch(branch.user.id, { role: "staff" }, branch.idToken),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const survivor = results[0]!.status === 200 ? branch : second;
    const me = await server.api.post("/auth/sign_in", { email: survivor.email, password: GOOD_PASSWORD });
    const staff = (await server.api.get("/api/staff", me.body.idToken)).body.staff as Array<{
      role: string;
      status: string;
    }>;
    expect(staff.filter((person) => person.role === "admin" && person.status === "active")).toHaveLength(1);
  });
});
