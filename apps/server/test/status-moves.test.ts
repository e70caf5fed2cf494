import { describe, expect, it } from "vitest";
import type { ReceptionStatus } from "@pharmacy/contract/shared/enums";
import { makeReception } from "./helpers/factories.js";
import { serverWithAccountPerFile } from "./helpers/server.js";

const ctx = serverWithAccountPerFile();

const api = () => ctx.server.api;
const patch = (id: string, status: unknown) =>
  api().request("PATCH", `/api/reception/${id}`, { body: { id, status }, token: ctx.account.idToken });
const history = async (id: string) =>
  (await api().get(`/api/reception/${id}/history`, ctx.account.idToken)).body.history as { action: string }[];

const REFUSAL = {
  errorCode: 1102,
  message:
    "この受付はそのステータスに変更できません。ステータスは先へ進めるか一つ前に戻せます（未確認には戻せず、お渡し済みの受付は変更できません）。",
};

/** A new reception (未確認) moved forward to `status`. */
async function receptionAt(status: ReceptionStatus | null) {
  const reception = await makeReception(ctx.server, ctx.account);
  if (status !== null) expect((await patch(reception.id, status)).status).toBe(200);
  return reception;
}

// 0 未確認 … 3 完了; written out here, not read from the contract's table
const ORDER = [null, "Reviewing", "Dispensing", "Completed"] as const;
const PAIRS = ORDER.flatMap((from, a) =>
  ORDER.slice(1).map((to, index) => {
    const b = index + 1;
    return { from, to, allowed: b >= a || b === a - 1 };
  }),
);

describe("status moves: forward any number of steps, back one, never back to 未確認, nothing after hand-over", () => {
  it.each(PAIRS)("$from → $to: allowed $allowed", async ({ from, to, allowed }) => {
    const reception = await receptionAt(from);
    const before = await history(reception.id);
    const response = await patch(reception.id, to);
    if (allowed) {
      expect(response.status).toBe(200);
      expect(response.body.status).toBe(to);
      return;
    }
    expect(response.status).toBe(409);
    expect(response.body).toEqual(REFUSAL);
    // nothing changed and nothing was recorded
    expect((await api().get(`/api/reception/${reception.id}`, ctx.account.idToken)).body.status).toBe(from);
    expect(await history(reception.id)).toEqual(before);
  });

  it("never goes back to 未確認: null is bad input", async () => {
    const reception = await receptionAt("Reviewing");
    expect((await patch(reception.id, null)).status).toBe(400);
  });

  it("refuses every move once the medicine is handed over, and lets the same status through unchanged", async () => {
    const reception = await receptionAt("Completed");
    expect((await api().post(`/api/reception/${reception.id}/hand_over`, undefined, ctx.account.idToken)).status).toBe(
      200,
    );
    const back = await patch(reception.id, "Dispensing");
    expect(back.status).toBe(409);
    expect(back.body).toEqual(REFUSAL);
    const same = await patch(reception.id, "Completed");
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ status: "Completed", handedOverAt: expect.any(String) });
  });

  it("a move back racing the hand-over: one of the two wins, never a handed-over reception that is not 完了", async () => {
    for (let round = 0; round < 5; round++) {
      const reception = await receptionAt("Completed");
      const [handOver, back] = await Promise.all([
        api().post(`/api/reception/${reception.id}/hand_over`, undefined, ctx.account.idToken),
        patch(reception.id, "Dispensing"),
      ]);
      expect([handOver.status, back.status].sort()).toEqual([200, 409]);
      const now = (await api().get(`/api/reception/${reception.id}`, ctx.account.idToken)).body;
      if (handOver.status === 200) expect(now).toMatchObject({ status: "Completed", handedOverAt: expect.any(String) });
      else expect([now.status, now.handedOverAt]).toEqual(["Dispensing", undefined]);
    }
  });
});
