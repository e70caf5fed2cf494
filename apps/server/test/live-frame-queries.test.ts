import { describe, expect, it } from "vitest";
import type { BoardFrame } from "@pharmacy/contract/live/realtime";
import { connectLive, connectSignedIn } from "@pharmacy/test-support/ws-client";
import { makeAccount, makeReception } from "./helpers/factories.js";
import { serverWithAccountPerFile } from "./helpers/server.js";

const ctx = serverWithAccountPerFile();

/** From the server's /metrics: changes it built frames for, and the queries that building made. */
async function frameWork(): Promise<{ builds: number; queries: number }> {
  const text = await (await fetch(`${ctx.server.baseUrl}/metrics`)).text();
  const value = (series: string) =>
    Number(new RegExp(`^${series.replace(/[{}"]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1] ?? 0);
  return { builds: value("live_frame_builds_total"), queries: value('database_queries_total{origin="live_frames"}') };
}

async function connectBoard() {
  const board = await connectLive(ctx.server.baseUrl, {
    type: "auth",
    idToken: ctx.account.idToken,
    sessionId: crypto.randomUUID(),
    view: "board",
  });
  await board.next((frame) => frame.type === "auth.ok");
  return board;
}

describe("building a change's frames", () => {
  it("costs one query for a staff screen and a display together, and nothing for a branch with no socket here", async () => {
    const elsewhere = await makeAccount(ctx.server);
    const staff = await connectSignedIn(ctx.server.baseUrl, ctx.account.idToken);
    const board = await connectBoard();
    try {
      const before = await frameWork();
      // the other branch's change is heard first (notifications come in commit order), so it is counted by the time ours arrives
      await makeReception(ctx.server, elsewhere);
      const reception = await makeReception(ctx.server, ctx.account);
      await staff.next((frame) => frame.type === "reception.created" && frame.reception.id === reception.id);
      const boardFrame = (await board.next(
        (frame) =>
          frame.type === "board.updated" &&
          frame.board.preparing.some((entry) => entry.receptionNumber === reception.receptionNumber),
      )) as BoardFrame;
      const after = await frameWork();

      expect(after.builds - before.builds).toBe(1);
      expect(after.queries - before.queries).toBe(1);
      // each view still gets only its own frame, and the display no name
      expect(board.events.filter((frame) => frame.type !== "auth.ok" && frame.type !== "board.updated")).toEqual([]);
      expect(staff.events.filter((frame) => frame.type === "board.updated")).toEqual([]);
      expect(JSON.stringify(boardFrame)).not.toContain(reception.id);
    } finally {
      staff.close();
      board.close();
    }
  });

  it("costs nothing when the only screen here is the one that made the change, and one query for the next change", async () => {
    const sessionId = crypto.randomUUID();
    const own = await connectSignedIn(ctx.server.baseUrl, ctx.account.idToken, sessionId);
    try {
      const before = await frameWork();
      const made = await ctx.server.api.request("POST", "/api/reception", {
        token: ctx.account.idToken,
        headers: { "x-ws-session-id": sessionId },
      });
      expect(made.status).toBe(201);
      const board = await connectBoard();
      try {
        const seen = await makeReception(ctx.server, ctx.account);
        await board.next(
          (frame) =>
            frame.type === "board.updated" &&
            frame.board.preparing.some((entry) => entry.receptionNumber === seen.receptionNumber),
        );
        const after = await frameWork();
        expect(after.builds - before.builds).toBe(1);
        expect(after.queries - before.queries).toBe(1);
        expect(
          own.events
            .filter((frame) => frame.type !== "auth.ok")
            .map((frame) => frame.type === "reception.created" && frame.reception.id),
        ).toEqual([seen.id]);
      } finally {
        board.close();
      }
    } finally {
      own.close();
    }
  });
});
