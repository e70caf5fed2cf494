import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ServerFrame } from "@pharmacy/contract/live/realtime";
import type { DatabaseHandle } from "../src/db/database.js";
import { openTestDatabase } from "./helpers/test-database.js";
import { LiveBus } from "../src/live/live-bus.js";
import { mergeChanges, type LiveChange } from "../src/live/live-change.js";
import { UnitOfWork } from "../src/live/unit-of-work.js";

const PHARMACY_ID = crypto.randomUUID();
const change = (type: LiveChange["type"], subjectId: string): LiveChange => ({
  type,
  pharmacyId: PHARMACY_ID,
  subjectId,
});

let database: DatabaseHandle;
let bus: LiveBus;
let unitOfWork: UnitOfWork;
const frames: ServerFrame[] = [];
const hooked: LiveChange[] = [];

beforeAll(async () => {
  database = await openTestDatabase("");
  bus = new LiveBus(database, (error) => {
    throw error;
  });
  // a stand-in frame that names the change, so the test sees which changes went out and in what order
  bus.buildFramesWith(
    ["reception.created", "reception.updated", "reception.deleted"],
    async ({ type, subjectId }) => ({ staff: { type: "auth.ok", [type]: subjectId } as ServerFrame }),
    { staff: ["staff"] },
  );
  bus.onChange((each) => hooked.push(each));
  bus.subscribe({
    pharmacyId: PHARMACY_ID,
    role: "staff",
    send: (frame) => frames.push(frame),
  });
  await bus.start();
  unitOfWork = new UnitOfWork(database.db, bus);
});
afterAll(async () => {
  await bus.stop();
  await database.close();
});

const names = (frame: ServerFrame, subjectId: string) => Object.values(frame).includes(subjectId);

/** Resolves once a frame about that subject has arrived. */
function frameAbout(subjectId: string): Promise<ServerFrame> {
  return vi.waitFor(
    () => {
      const frame = frames.find((each) => names(each, subjectId));
      if (!frame) throw new Error(`no frame about ${subjectId} yet`);
      return frame;
    },
    { timeout: 20_000 },
  );
}

describe("unit of work", () => {
  it("runs after-commit tasks once the outermost transaction has committed, and never those of one that rolled back", async () => {
    const ran: string[] = [];
    await unitOfWork.run(async (outer) => {
      await unitOfWork.run(async (inner) => inner.afterCommit(() => void ran.push("inner")), outer);
      outer.afterCommit(() => void ran.push("outer"));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(["inner", "outer"]);
    await expect(
      unitOfWork.run(async (work) => {
        work.afterCommit(() => void ran.push("rolled back"));
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(ran).toEqual(["inner", "outer"]);
  });

  it("announces nothing of a transaction that rolled back", async () => {
    const rolledBack = unitOfWork.run(async (work) => {
      work.announce(change("reception.created", "rolled-back"));
      throw new Error("undo");
    });
    await expect(rolledBack).rejects.toThrow("undo");
    await unitOfWork.run(async (work) => work.announce(change("reception.created", "committed")));
    await frameAbout("committed");
    // notifications arrive in commit order: one of the rolled-back transaction would have come first
    expect(frames.some((frame) => names(frame, "rolled-back"))).toBe(false);
    expect(hooked.map((each) => each.subjectId)).not.toContain("rolled-back");
  });

  it("runs the change hooks in this process as soon as the transaction commits", async () => {
    hooked.length = 0;
    await unitOfWork.run(async (work) => work.announce(change("reception.updated", "hooked")));
    // on PostgreSQL the notification comes back later; the hooks must not wait for it
    expect(hooked.map((each) => each.subjectId)).toContain("hooked");
  });

  it("announces once, when the outermost transaction commits, what inner units of work collected", async () => {
    await unitOfWork.run(async (outer) => {
      await unitOfWork.run(async (inner) => inner.announce(change("reception.created", "joined")), outer);
      outer.announce(change("reception.updated", "joined"));
      expect(frames.at(-1)).not.toEqual({ type: "auth.ok", "reception.created": "joined" });
    });
    expect(await frameAbout("joined")).toEqual({ type: "auth.ok", "reception.created": "joined" });
    await unitOfWork.run(async (work) => work.announce(change("reception.deleted", "after")));
    await frameAbout("after");
    expect(frames.filter((frame) => names(frame, "joined"))).toHaveLength(1);
  });

  it("keeps a call said when the same transaction changes the reception again", () => {
    const call = { ...change("reception.updated", "called"), calledAt: "2026-11-20T00:00:00.000Z" };
    expect(mergeChanges([call, change("reception.updated", "called")])).toEqual([call]);
    expect(mergeChanges([change("reception.created", "called"), call])).toEqual([
      { ...change("reception.created", "called"), calledAt: call.calledAt },
    ]);
    expect(mergeChanges([change("reception.updated", "quiet"), change("reception.updated", "quiet")])).toEqual([
      change("reception.updated", "quiet"),
    ]);
  });
});
