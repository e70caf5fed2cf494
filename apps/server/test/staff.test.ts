import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "@pharmacy/contract/errors";
import { GOOD_PASSWORD, invitationToken, makeAccount, makePerson, uniqueEmail, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let admin: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  admin = await makeAccount(server);
});
afterAll(() => server.close());

const invite = (email: string, role = "staff", token = admin.idToken) => server.api.post("/api/staff", { email, name: "受付 次郎", role }, token);
const patch = (id: string, body: unknown, token = admin.idToken) => server.api.request("PATCH", `/api/staff/${id}`, { body, token });

describe("staff invitations (SPEC §7)", () => {
  it("mail a link; the person sets a password with it once and signs in with the role given", async () => {
    const email = uniqueEmail("invited");
    const invited = await invite(email);
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, name: "受付 次郎", role: "staff", status: "invited", mfaEnabled: false });
    expect((await server.api.post("/auth/sign_in", { email, password: GOOD_PASSWORD })).body.errorCode).toBe(ErrorCode.WrongCredentials);

    const token = await invitationToken(server, email);
    expect((await server.api.post("/auth/accept_invitation", { token, password: GOOD_PASSWORD })).body).toEqual({ email });
    const again = await server.api.post("/auth/accept_invitation", { token, password: GOOD_PASSWORD });
    expect(again).toMatchObject({ status: 400, body: { errorCode: ErrorCode.WrongCode } });

    const signIn = await server.api.post("/auth/sign_in", { email, password: GOOD_PASSWORD });
    const me = await server.api.get("/api/user/me", signIn.body.idToken);
    expect(me.body).toMatchObject({ email, role: "staff", name: "受付 次郎", pharmacyId: admin.user.pharmacyId });
    const listed = await server.api.get("/api/staff", admin.idToken);
    expect(listed.body.staff.find((person: { email: string }) => person.email === email)).toMatchObject({ status: "active", lastSignInAt: expect.any(String) });
  });

  it("expire after 72 hours (1009) and refuse an unknown token (1008) or a weak password (400)", async () => {
    const email = uniqueEmail("late");
    await invite(email);
    const token = await invitationToken(server, email);
    expect((await server.api.post("/auth/accept_invitation", { token, password: "short" })).status).toBe(400);
    expect((await server.api.post("/auth/accept_invitation", { token: "no-such-token", password: GOOD_PASSWORD })).body.errorCode).toBe(ErrorCode.WrongCode);
    server.clock.advance(72 * 60 * 60_000 + 1000);
    try {
      expect((await server.api.post("/auth/accept_invitation", { token, password: GOOD_PASSWORD })).body.errorCode).toBe(ErrorCode.CodeExpired);
    } finally {
      server.clock.advance(-(72 * 60 * 60_000 + 1000));
    }
  });

  it("answer 1007 for an e-mail that has an account, in any branch", async () => {
    const other = await makeAccount(server);
    expect((await invite(other.email)).body.errorCode).toBe(ErrorCode.EmailTaken);
    expect((await invite(admin.email)).body.errorCode).toBe(ErrorCode.EmailTaken);
  });

  it("are the branch's own: another branch's person is 404", async () => {
    const other = await makeAccount(server);
    expect((await patch(other.user.id, { name: "x" })).status).toBe(404);
    expect((await server.api.get("/api/staff", other.idToken)).body.staff.map((p: { email: string }) => p.email)).toEqual([other.email]);
  });
});

describe("the last active admin", () => {
  it("cannot be demoted or disabled (409 1014); with a second admin, one can", async () => {
    const branch = await makeAccount(server);
    expect((await patch(branch.user.id, { role: "staff" }, branch.idToken))).toMatchObject({ status: 409, body: { errorCode: ErrorCode.LastAdmin } });
    expect((await patch(branch.user.id, { disabled: true }, branch.idToken))).toMatchObject({ status: 409, body: { errorCode: ErrorCode.LastAdmin } });
    expect((await patch(branch.user.id, { name: "店長" }, branch.idToken)).body).toMatchObject({ name: "店長", role: "admin" });
    const second = await makePerson(server, branch, "admin");
    expect((await patch(branch.user.id, { role: "staff" }, second.idToken)).body.role).toBe("staff");
  });

  it("stays even when both of two admins are removed at once", async () => {
    const branch = await makeAccount(server);
    const second = await makePerson(server, branch, "admin");
    const results = await Promise.all([patch(second.user.id, { disabled: true }, branch.idToken), patch(branch.user.id, { role: "staff" }, branch.idToken)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const survivor = results[0]!.status === 200 ? branch : second;
    const me = await server.api.post("/auth/sign_in", { email: survivor.email, password: GOOD_PASSWORD });
    const staff = (await server.api.get("/api/staff", me.body.idToken)).body.staff as Array<{ role: string; status: string }>;
    expect(staff.filter((person) => person.role === "admin" && person.status === "active")).toHaveLength(1);
  });
});
