import { describe, expect, it, vi } from "vitest";
import { WS_CLOSE_POLICY_VIOLATION, WS_CLOSE_UNAUTHORIZED, type ServerFrame } from "@pharmacy/contract/live/realtime";
import { makeAccount, makePerson, makeReception, uploadFile } from "./helpers/factories.js";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { serverWithAccountPerFile } from "./helpers/server.js";
import { connectLive, connectSignedIn } from "@pharmacy/test-support/ws-client";

const ctx = serverWithAccountPerFile();

describe("live events", () => {
  it("pushes created, updated and deleted events with the origin session id", async () => {
    const live = await connectSignedIn(ctx.server.baseUrl, ctx.account.idToken);
    const origin = crypto.randomUUID();
    try {
      const created = await ctx.server.api.request("POST", "/api/reception", {
        token: ctx.account.idToken,
        headers: { "x-ws-session-id": origin },
      });
      const event = await live.next((e) => e.type === "reception.created");
      expect(event).toEqual({ type: "reception.created", reception: created.body, originSessionId: origin });

      await ctx.server.api.request("PATCH", `/api/reception/${created.body.id}`, {
        body: { id: created.body.id, status: "Reviewing" },
        token: ctx.account.idToken,
      });
      const updated = await live.next((e) => e.type === "reception.updated");
      expect("reception" in updated && updated.reception.status).toBe("Reviewing");
      expect("originSessionId" in updated).toBe(false);

      await uploadFile(ctx.server, ctx.account, JPEG_BYTES, { receptionId: created.body.id });
      await live.next((e) => e.type === "reception.updated" && e.reception.prescriptions.length === 1);

      await ctx.server.api.request("DELETE", `/api/reception/${created.body.id}`, { token: ctx.account.idToken });
      const deleted = await live.next((e) => e.type === "reception.deleted");
      expect("reception" in deleted && deleted.reception.id).toBe(created.body.id);
    } finally {
      live.close();
    }
  });

  it("announces a split as an update of the source and a created partition", async () => {
    const reception = await makeReception(ctx.server, ctx.account);
    for (let i = 0; i < 2; i++) await uploadFile(ctx.server, ctx.account, JPEG_BYTES, { receptionId: reception.id });
    const full = await ctx.server.api.get(`/api/reception/${reception.id}`, ctx.account.idToken);
    const live = await connectSignedIn(ctx.server.baseUrl, ctx.account.idToken);
    try {
      const moved = await ctx.server.api.request(
        "PUT",
        `/api/reception/${reception.id}/prescription/${full.body.prescriptions[1].prescriptionId}`,
        {
          body: { partitionNumber: 2 },
          token: ctx.account.idToken,
        },
      );
      await live.next(
        (e) => e.type === "reception.created" && e.reception.id === moved.body.id && e.reception.partitionNumber === 2,
      );
      await live.next(
        (e) => e.type === "reception.updated" && e.reception.id === reception.id && e.reception.partitionNumber === 1,
      );
    } finally {
      live.close();
    }
  });

  it("does not send a change back to the socket of the session that made it", async () => {
    const session = crypto.randomUUID();
    const live = await connectSignedIn(ctx.server.baseUrl, ctx.account.idToken, session);
    try {
      const own = await ctx.server.api.request("POST", "/api/reception", {
        token: ctx.account.idToken,
        headers: { "x-ws-session-id": session },
      });
      const other = await makeReception(ctx.server, ctx.account);
      const first = await live.next((e) => e.type !== "auth.ok");
      expect(first.type === "reception.created" && first.reception.id).toBe(other.id);
      expect(live.events.some((e) => "reception" in e && e.reception.id === own.body.id)).toBe(false);
    } finally {
      live.close();
    }
  });

  it.each([
    ["a bad token", { type: "auth", idToken: "x.y.z", sessionId: crypto.randomUUID() }],
    ["a frame of another type", { type: "subscribe", pharmacyId: "all" }],
    ["not JSON", "hello"],
    ["a session id that is not a UUID", { type: "auth", idToken: "x", sessionId: "abc" }],
  ])("closes a socket that authenticates with %s", async (_, frame) => {
    const live = await connectLive(ctx.server.baseUrl, frame);
    expect((await live.closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
  });

  it("closes a socket whose token is already expired", async () => {
    ctx.server.clock.advance(3601_000);
    try {
      const live = await connectLive(ctx.server.baseUrl, {
        type: "auth",
        idToken: ctx.account.idToken,
        sessionId: crypto.randomUUID(),
      });
      expect((await live.closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
    } finally {
      ctx.server.clock.advance(-3601_000);
    }
  });

  it("closes a socket when its token expires", async () => {
    const signIn = await ctx.server.api.post("/auth/sign_in", {
      email: ctx.account.email,
      password: ctx.account.password,
    });
    ctx.server.clock.advance(3600_000 - 300);
    try {
      const live = await connectSignedIn(ctx.server.baseUrl, signIn.body.idToken);
      expect((await live.closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
    } finally {
      ctx.server.clock.advance(-(3600_000 - 300));
    }
  });

  it("sends nothing to a socket that has not authenticated", async () => {
    const witness = await connectSignedIn(ctx.server.baseUrl, ctx.account.idToken);
    const WebSocket = (await import("ws")).default;
    const socket = new WebSocket(`${ctx.server.baseUrl.replace("http", "ws")}/ws`);
    const received: ServerFrame[] = [];
    socket.on("message", (data) => received.push(JSON.parse(String(data)) as ServerFrame));
    await new Promise((resolve) => socket.once("open", resolve));
    try {
      const unseen = await makeReception(ctx.server, ctx.account);
      // once a signed-in socket has it, the event went to every socket; a frame to this one would come before anything later
      await witness.next((e) => e.type === "reception.created" && e.reception.id === unseen.id);
      socket.send(JSON.stringify({ type: "auth", idToken: ctx.account.idToken, sessionId: crypto.randomUUID() }));
      await vi.waitFor(() => expect(received.some((e) => e.type === "auth.ok")).toBe(true), { timeout: 20_000 });
      const marker = await makeReception(ctx.server, ctx.account);
      await vi.waitFor(
        () => expect(received.some((e) => e.type === "reception.created" && e.reception.id === marker.id)).toBe(true),
        { timeout: 20_000 },
      );
      expect(received.map((e) => ("reception" in e ? e.reception.id : e.type))).toEqual(["auth.ok", marker.id]);
    } finally {
      // closed before the next test counts the server's subscriptions
      const closed = new Promise((resolve) => socket.once("close", resolve));
      socket.close();
      witness.close();
      await Promise.all([closed, witness.closed]);
    }
  });
});

/** The live bus's listeners on the server, as /metrics counts them. */
async function liveSubscriptions(): Promise<number> {
  const text = await (await fetch(`${ctx.server.baseUrl}/metrics`)).text();
  return Number(/^live_subscriptions (\d+)$/m.exec(text)?.[1]);
}

describe("one subscription per socket", () => {
  it("closes a socket that sends 200 auth frames at once, holding at most one subscription meanwhile and none after", async () => {
    const before = await liveSubscriptions();
    const steady = await connectSignedIn(ctx.server.baseUrl, ctx.account.idToken);
    const frame = JSON.stringify({ type: "auth", idToken: ctx.account.idToken, sessionId: crypto.randomUUID() });
    const hostile = await connectLive(ctx.server.baseUrl, frame);
    for (let i = 1; i < 200; i++) hostile.socket.send(frame);
    try {
      expect((await hostile.closed).code).toBe(WS_CLOSE_POLICY_VIOLATION);
      expect(hostile.events.filter((event) => event.type === "auth.ok").length).toBeLessThanOrEqual(1);
      expect(await liveSubscriptions()).toBe(before + 1);
      // the steady socket still gets each change once
      const reception = await makeReception(ctx.server, ctx.account);
      await steady.next((event) => event.type === "reception.created" && event.reception.id === reception.id);
    } finally {
      steady.close();
    }
  });

  it("closes a socket that sends a second auth frame after auth.ok", async () => {
    const live = await connectSignedIn(ctx.server.baseUrl, ctx.account.idToken);
    live.socket.send(JSON.stringify({ type: "auth", idToken: ctx.account.idToken, sessionId: crypto.randomUUID() }));
    expect((await live.closed).code).toBe(WS_CLOSE_POLICY_VIOLATION);
  });
});

describe("an admin held to set up two-factor sign-in (requireMfaForAdmins)", () => {
  it("gets no socket, like no API call, until two-factor sign-in is on; staff keep theirs", async () => {
    const admin = await makeAccount(ctx.server);
    const otherAdmin = await makePerson(ctx.server, admin, "admin");
    const staff = await makePerson(ctx.server, admin, "staff");
    const settings = (await ctx.server.api.get("/api/app_settings", admin.idToken)).body;
    expect(
      (
        await ctx.server.api.request("PUT", "/api/app_settings", {
          body: { ...settings, requireMfaForAdmins: true },
          token: admin.idToken,
        })
      ).status,
    ).toBe(200);
    const refresh = async (refreshToken: string) =>
      (await ctx.server.api.post("/auth/refresh_token", { refreshToken })).body.idToken as string;

    const held = await connectLive(ctx.server.baseUrl, {
      type: "auth",
      idToken: await refresh(otherAdmin.refreshToken),
      sessionId: crypto.randomUUID(),
    });
    expect((await held.closed).code).toBe(WS_CLOSE_POLICY_VIOLATION);
    expect(held.events).toEqual([]);

    const staffLive = await connectSignedIn(ctx.server.baseUrl, await refresh(staff.refreshToken));
    try {
      const reception = await makeReception(ctx.server, admin);
      await staffLive.next((event) => event.type === "reception.created" && event.reception.id === reception.id);
    } finally {
      staffLive.close();
    }
    expect(
      (await ctx.server.api.request("PUT", "/api/app_settings", { body: settings, token: admin.idToken })).status,
    ).toBe(200);
    const freed = await connectSignedIn(ctx.server.baseUrl, await refresh(otherAdmin.refreshToken));
    freed.close();
  });
});
