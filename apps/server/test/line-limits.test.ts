import { describe, expect, it } from "vitest";
import { connect, lineServerPerFile, linkUser, markReady, pushesTo, waitFor, webReception } from "./helpers/line.js";

const context = lineServerPerFile();

describe("monthly limits", () => {
  it("a branch's monthly limit is respected: past it nothing is sent, and LINE's own limit (429) is not tried again", async () => {
    const { server, account, platform } = context;
    const reception = await webReception(context);
    const { userId } = await linkUser(context, reception.statusToken);
    const other = await webReception(context);
    const { userId: otherUser } = await linkUser(context, other.statusToken);
    await markReady(context, other.id);
    await platform.until(() => (pushesTo(context, otherUser).length > 0 ? true : undefined));
    const sentThisMonth = (await server.api.get("/api/line/settings", account.idToken)).body.sentThisMonth as number;
    expect(sentThisMonth).toBeGreaterThan(0);
    expect((await connect(context, { monthlyLimit: sentThisMonth })).status).toBe(200);
    try {
      await markReady(context, reception.id);
      const overQuota = await waitFor(async () => {
        const message = await server.database.db.selectFrom("line_outbox").select("state").where("line_user_id", "=", userId).executeTakeFirst();
        return message?.state === "over_quota" ? message : undefined;
      });
      expect(overQuota.state).toBe("over_quota");
      expect(pushesTo(context, userId)).toEqual([]);
    } finally {
      expect((await connect(context, { monthlyLimit: null })).status).toBe(200);
    }
    platform.failPushes(429, 1, "You have reached your monthly limit.");
    await server.api.post(`/api/reception/${reception.id}/call`, undefined, account.idToken);
    const refused = await waitFor(async () => {
      const rows = await server.database.db.selectFrom("line_outbox").select(["state", "attempts"]).where("line_user_id", "=", userId).orderBy("created_at").execute();
      return rows.length === 2 && rows[1]!.state !== "pending" ? rows[1] : undefined;
    });
    expect(refused).toEqual({ state: "over_quota", attempts: 1 });
  });
});
