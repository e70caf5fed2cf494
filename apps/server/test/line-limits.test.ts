import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LineSettingsSchema } from "@pharmacy/contract/line/line";
import { makeLineUserId } from "@pharmacy/test-support/line-platform";
import { openDatabase } from "../src/db/database.js";
import * as lineRepo from "../src/features/line/repository.js";
import {
  connect,
  lineFeatureOver,
  lineServerPerFile,
  linkUser,
  markReady,
  pushesTo,
  waitFor,
  webReception,
} from "./helpers/line.js";

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
        const message = await server.database.db
          .selectFrom("line_outbox")
          .select("state")
          .where("line_user_id", "=", userId)
          .executeTakeFirst();
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
      const rows = await server.database.db
        .selectFrom("line_outbox")
        .select(["state", "attempts"])
        .where("line_user_id", "=", userId)
        .orderBy("created_at")
        .execute();
      return rows.length === 2 && rows[1]!.state !== "pending" ? rows[1] : undefined;
    });
    expect(refused).toEqual({ state: "over_quota", attempts: 1 });
  });

  it("holds across processes: of 40 messages two processes send at once, exactly the limit's number reach LINE; the rest are kept as over-quota and shown", async () => {
    const { server, account, platform } = context;
    const QUEUED = 40;
    const ALLOWED = 5;
    // another process of the server: on PostgreSQL its own pool to the same database; embedded, the one connection
    const otherHandle =
      server.database.engine === "postgres"
        ? await openDatabase({ databaseUrl: server.config.databaseUrl, dataDir: server.config.dataDir, inMemory: true })
        : undefined;
    const other = await lineFeatureOver(context, otherHandle ?? server.database);
    const settings = async () =>
      LineSettingsSchema.parse((await server.api.get("/api/line/settings", account.idToken)).body);
    const before = await settings();
    expect((await connect(context, { monthlyLimit: before.sentThisMonth + ALLOWED })).status).toBe(200);
    // LINE takes its time to answer: every process has pushes in flight while the month fills
    platform.delay("/v2/bot/message/push", 100);
    try {
      const users = Array.from({ length: QUEUED }, () => makeLineUserId());
      // queued in one transaction (as many patients' notices at once), so both processes find them together
      await other.unitOfWork.run((work) =>
        lineRepo.enqueue(
          work.db,
          users.map((lineUserId) => ({
            id: randomUUID(),
            pharmacyId: account.user.pharmacyId,
            // the notices of as many receptions: none needs to exist for the count
            receptionId: randomUUID(),
            lineUserId,
            text: "【テスト】お知らせ",
            at: server.clock.now(),
          })),
        ),
      );
      other.dispatcher.kick();
      const states = await waitFor(async () => {
        const rows = await server.database.db
          .selectFrom("line_outbox")
          .select("state")
          .where("line_user_id", "in", users)
          .execute();
        return rows.every((row) => row.state !== "pending") ? rows.map((row) => row.state) : undefined;
      }, 30_000);
      await other.dispatcher.drain();
      const received = platform.pushes.filter((push) => users.includes(push.to));
      expect(received).toHaveLength(ALLOWED);
      expect(states.filter((state) => state === "sent")).toHaveLength(ALLOWED);
      expect(states.filter((state) => state === "over_quota")).toHaveLength(QUEUED - ALLOWED);
      const after = await settings();
      expect(after.sentThisMonth).toBe(before.sentThisMonth + ALLOWED);
      expect(after.overQuotaThisMonth).toBe(before.overQuotaThisMonth + QUEUED - ALLOWED);
    } finally {
      platform.delay("/v2/bot/message/push", 0);
      expect((await connect(context, { monthlyLimit: null })).status).toBe(200);
      await otherHandle?.close();
    }
  });
});
