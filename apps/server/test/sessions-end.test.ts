import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WS_CLOSE_UNAUTHORIZED } from "@pharmacy/contract/live/realtime";
import { latestCode } from "@pharmacy/test-support/mail";
import { connectSignedIn } from "@pharmacy/test-support/ws-client";
import { GOOD_PASSWORD, makeAccount, makeDevice, makePerson, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let admin: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  admin = await makeAccount(server);
});
afterAll(() => server.close());

/** The session's id token works and its socket is open; after `end`, the next call is 401 and the socket closes with 4401. */
async function expectEndsAtOnce(idToken: string, end: () => Promise<void>) {
  expect((await server.api.get("/api/user/me", idToken)).status).toBe(200);
  const live = await connectSignedIn(server.baseUrl, idToken);
  await end();
  expect((await server.api.get("/api/user/me", idToken)).status).toBe(401);
  expect(await live.closed).toEqual({ code: WS_CLOSE_UNAUTHORIZED });
}

describe("sessions end at once (docs/rules.md#people-roles-and-devices)", () => {
  it("on sign-out, that session only", async () => {
    const person = await makePerson(server, admin);
    const other = await server.api.post("/auth/sign_in", { email: person.email, password: GOOD_PASSWORD });
    await expectEndsAtOnce(person.idToken, async () => {
      expect((await server.api.post("/auth/sign_out", { refreshToken: person.refreshToken })).status).toBe(204);
    });
    expect((await server.api.post("/auth/refresh_token", { refreshToken: person.refreshToken })).status).toBe(401);
    expect((await server.api.get("/api/user/me", other.body.idToken)).status).toBe(200);
  });

  it("on a password reset, every session of the person", async () => {
    const person = await makePerson(server, admin);
    await server.api.post("/auth/forgot_password", { email: person.email });
    // the second mail to the person: the first was the invitation
    const code = await latestCode(server.config.mail.outboxDir, person.email, 2);
    await expectEndsAtOnce(person.idToken, async () => {
      const reset = await server.api.post("/auth/confirm_forgot_password", {
        email: person.email,
        code,
        newPassword: "Kusuri2027",
      });
      expect(reset.status).toBe(200);
    });
  });

  it("on disabling the person, who can no longer sign in", async () => {
    const person = await makePerson(server, admin);
    await expectEndsAtOnce(person.idToken, async () => {
      const patched = await server.api.request("PATCH", `/api/staff/${person.user.id}`, {
        body: { disabled: true },
        token: admin.idToken,
      });
      expect(patched.body.status).toBe("disabled");
    });
    expect((await server.api.post("/auth/refresh_token", { refreshToken: person.refreshToken })).status).toBe(401);
    expect(
      (await server.api.post("/auth/sign_in", { email: person.email, password: GOOD_PASSWORD })).body.errorCode,
    ).toBe(1010);
  });

  it("on a role change, so that the new role is in force at once", async () => {
    const person = await makePerson(server, admin, "admin");
    expect((await server.api.get("/api/staff", person.idToken)).status).toBe(200);
    await expectEndsAtOnce(person.idToken, async () => {
      const patched = await server.api.request("PATCH", `/api/staff/${person.user.id}`, {
        body: { role: "staff" },
        token: admin.idToken,
      });
      expect(patched.status).toBe(200);
    });
    const again = await server.api.post("/auth/sign_in", { email: person.email, password: GOOD_PASSWORD });
    expect((await server.api.get("/api/staff", again.body.idToken)).status).toBe(403);
  });

  it("on a device's sign-out (a staff sign-in leaving kiosk mode), which removes the device", async () => {
    const device = await makeDevice(server, admin, "counter");
    await expectEndsAtOnce(device.idToken, async () => {
      expect((await server.api.post("/auth/sign_out", { refreshToken: device.deviceToken })).status).toBe(204);
    });
    expect((await server.api.post("/auth/refresh_token", { refreshToken: device.deviceToken })).status).toBe(401);
    const devices = await server.api.get("/api/devices", admin.idToken);
    expect(devices.body.devices.map((listed: { id: string }) => listed.id)).not.toContain(device.id);
    const audit = await server.api.get(`/api/audit?action=device.deleted&actor=${device.id}`, admin.idToken);
    expect(audit.body.rows).toMatchObject([{ actorType: "device", actorId: device.id, targetId: device.id }]);
  });

  it("on deleting a device, whose token then refreshes no more", async () => {
    const device = await makeDevice(server, admin, "counter");
    await expectEndsAtOnce(device.idToken, async () => {
      expect((await server.api.request("DELETE", `/api/devices/${device.id}`, { token: admin.idToken })).status).toBe(
        204,
      );
    });
    expect((await server.api.post("/auth/refresh_token", { refreshToken: device.deviceToken })).status).toBe(401);
    expect((await server.api.request("DELETE", `/api/devices/${device.id}`, { token: admin.idToken })).status).toBe(
      404,
    );
  });
});
