import { describe, expect, it } from "vitest";
import type { BoardFrame } from "@pharmacy/contract/live/realtime";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { connectLive, connectSignedIn, type LiveClient } from "@pharmacy/test-support/ws-client";
import { makeAccount, makeReception } from "./helpers/factories.js";
import { serverWithAccountPerFile } from "./helpers/server.js";

const ctx = serverWithAccountPerFile();

const PERSONAL = { patientName: "ヤマダ タロウ", phone: "090-1111-2222", note: "眠気に注意" };

async function withStatus(status: Reception["status"], details = PERSONAL) {
  const reception = await makeReception(ctx.server, ctx.account);
  const response = await ctx.server.api.request("PATCH", `/api/reception/${reception.id}`, {
    body: { id: reception.id, ...details, ...(status && { status }) },
    token: ctx.account.idToken,
  });
  return response.body as Reception;
}

const post = (path: string, token = ctx.account.idToken) => ctx.server.api.post(path, undefined, token);

async function connectBoard(): Promise<LiveClient> {
  const live = await connectLive(ctx.server.baseUrl, {
    type: "auth",
    idToken: ctx.account.idToken,
    sessionId: crypto.randomUUID(),
    view: "board",
  });
  await live.next((frame) => frame.type === "auth.ok");
  return live;
}

/** Nothing that names a person, nor an id that leads to one, anywhere in a display answer or frame. */
function expectNoPersonalData(value: unknown, receptions: Reception[]) {
  const text = JSON.stringify(value);
  for (const forbidden of [
    PERSONAL.patientName,
    "ヤマダ",
    PERSONAL.phone,
    "09011112222",
    PERSONAL.note,
    ...receptions.map((r) => r.id),
  ]) {
    expect(text).not.toContain(forbidden);
  }
  const board = (value as { board?: unknown }).board ?? value;
  const { preparing, ready } = board as { preparing: object[]; ready: object[] };
  for (const entry of [...preparing, ...ready]) {
    for (const key of Object.keys(entry))
      expect(["receptionNumber", "partitionNumber", "receptionDate", "withDay", "calledAt"]).toContain(key);
  }
}

describe("the calling display's board", () => {
  it("shows numbers being prepared and ready ones, never a name, a phone, a note or an id", async () => {
    const preparing = await withStatus("Dispensing");
    const ready = await withStatus("Completed");
    const response = await ctx.server.api.get("/api/display/board", ctx.account.idToken);
    expect(response.status).toBe(200);
    expect(response.body.preparing).toContainEqual({
      receptionNumber: preparing.receptionNumber,
      partitionNumber: 0,
      receptionDate: preparing.receptionDate,
    });
    expect(response.body.ready).toContainEqual({
      receptionNumber: ready.receptionNumber,
      partitionNumber: 0,
      receptionDate: ready.receptionDate,
    });
    expect(response.body.preparing).not.toContainEqual(
      expect.objectContaining({ receptionNumber: ready.receptionNumber }),
    );
    expectNoPersonalData(response.body, [preparing, ready]);
  });

  it("needs a sign-in and shows only the caller's own branch", async () => {
    expect((await ctx.server.api.get("/api/display/board")).status).toBe(401);
    const other = await makeAccount(ctx.server);
    await withStatus("Dispensing");
    const board = await ctx.server.api.get("/api/display/board", other.idToken);
    expect(board.body).toMatchObject({ preparing: [], ready: [] });
  });

  it("calls a Completed reception: the board frame names the number, and the display never gets a reception frame", async () => {
    const board = await connectBoard();
    const staff = await connectSignedIn(ctx.server.baseUrl, ctx.account.idToken);
    try {
      const reception = await withStatus("Completed");
      const called = await post(`/api/reception/${reception.id}/call`);
      expect(called.status).toBe(200);
      expect(called.body.calledAt).toBe(ctx.server.clock.now().toISOString());
      const frame = (await board.next(
        (f) => f.type === "board.updated" && f.called?.receptionNumber === reception.receptionNumber,
      )) as BoardFrame;
      expect(frame.called).toEqual({
        receptionNumber: reception.receptionNumber,
        partitionNumber: 0,
        receptionDate: reception.receptionDate,
        calledAt: called.body.calledAt,
      });
      expect(frame.board.ready).toContainEqual({
        receptionNumber: reception.receptionNumber,
        partitionNumber: 0,
        receptionDate: reception.receptionDate,
        calledAt: called.body.calledAt,
      });
      await staff.next((f) => f.type === "reception.updated" && f.reception.calledAt === called.body.calledAt);

      expect(board.events.filter((f) => f.type !== "auth.ok" && f.type !== "board.updated")).toEqual([]);
      expect(staff.events.filter((f) => f.type === "board.updated")).toEqual([]);
      for (const event of board.events) if (event.type === "board.updated") expectNoPersonalData(event, [reception]);
    } finally {
      board.close();
      staff.close();
    }
  });

  it("sends a board frame without a call for other changes", async () => {
    const board = await connectBoard();
    try {
      const reception = await withStatus("Dispensing");
      const frame = (await board.next(
        (f) =>
          f.type === "board.updated" && f.board.preparing.some((n) => n.receptionNumber === reception.receptionNumber),
      )) as BoardFrame;
      expect(frame.called).toBeUndefined();
    } finally {
      board.close();
    }
  });

  it("names a called number only in the call's own frame: a name edit at the same instant is no call", async () => {
    const board = await connectBoard();
    try {
      const reception = await withStatus("Completed");
      const called = await post(`/api/reception/${reception.id}/call`);
      await board.next((f) => f.type === "board.updated" && f.called?.receptionNumber === reception.receptionNumber);
      board.events.length = 0;
      // the test clock stands still: the edit's updated_at is the call's called_at to the millisecond
      const edited = await ctx.server.api.request("PATCH", `/api/reception/${reception.id}`, {
        body: { id: reception.id, patientName: "ヤマダ ハナコ" },
        token: ctx.account.idToken,
      });
      expect(edited.body.updatedAt).toBe(called.body.calledAt);
      const frame = (await board.next((f) => f.type === "board.updated")) as BoardFrame;
      expect(frame.board.ready).toContainEqual(
        expect.objectContaining({ receptionNumber: reception.receptionNumber, calledAt: called.body.calledAt }),
      );
      expect(frame.called).toBeUndefined();
    } finally {
      board.close();
    }
  });

  it("refuses to call or hand over a reception that is not Completed (409) and one of another branch (404)", async () => {
    const dispensing = await withStatus("Dispensing");
    expect((await post(`/api/reception/${dispensing.id}/call`)).status).toBe(409);
    expect((await post(`/api/reception/${dispensing.id}/hand_over`)).status).toBe(409);
    const other = await makeAccount(ctx.server);
    const completed = await withStatus("Completed");
    expect((await post(`/api/reception/${completed.id}/call`, other.idToken)).status).toBe(404);
    expect((await post(`/api/reception/${crypto.randomUUID()}/call`)).status).toBe(404);
    expect((await post(`/api/reception/not-an-id/hand_over`)).status).toBe(400);
    expect(
      (await ctx.server.api.get(`/api/reception/${completed.id}`, ctx.account.idToken)).body.calledAt,
    ).toBeUndefined();
  });

  it("hands over: the number leaves the board, and it cannot be called any more", async () => {
    const reception = await withStatus("Completed");
    await post(`/api/reception/${reception.id}/call`);
    const handed = await post(`/api/reception/${reception.id}/hand_over`);
    expect(handed.status).toBe(200);
    expect(handed.body.handedOverAt).toBeDefined();
    const board = (await ctx.server.api.get("/api/display/board", ctx.account.idToken)).body;
    expect(
      [...board.preparing, ...board.ready].some(
        (n: { receptionNumber: number }) => n.receptionNumber === reception.receptionNumber,
      ),
    ).toBe(false);
    expect((await post(`/api/reception/${reception.id}/call`)).status).toBe(409);
    expect((await post(`/api/reception/${reception.id}/hand_over`)).body.handedOverAt).toBe(handed.body.handedOverAt);
    const history = (await ctx.server.api.get(`/api/reception/${reception.id}/history`, ctx.account.idToken)).body
      .history;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(["called", "handed_over"]),
    );
  });

  it("takes a number back off the ready list when its status goes back from Completed", async () => {
    const reception = await withStatus("Completed");
    await post(`/api/reception/${reception.id}/call`);
    const back = await ctx.server.api.request("PATCH", `/api/reception/${reception.id}`, {
      body: { id: reception.id, status: "Dispensing" },
      token: ctx.account.idToken,
    });
    expect(back.body.calledAt).toBeUndefined();
    const board = (await ctx.server.api.get("/api/display/board", ctx.account.idToken)).body;
    expect(board.preparing).toContainEqual({
      receptionNumber: reception.receptionNumber,
      partitionNumber: 0,
      receptionDate: reception.receptionDate,
    });
  });
});
