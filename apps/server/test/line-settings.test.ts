import { describe, expect, it } from "vitest";
import { LineSettingsSchema } from "@pharmacy/contract/line/line";
import { connect, lineServerPerFile, PUBLIC_BASE_URL } from "./helpers/line.js";

const context = lineServerPerFile();

describe("LINE settings (admin)", () => {
  it("are checked with LINE, never given back, and show the webhook address on PUBLIC_BASE_URL", async () => {
    const { server, account, line, slug, platform } = context;
    const read = await server.api.get("/api/line/settings", account.idToken);
    expect(read.status).toBe(200);
    const settings = LineSettingsSchema.parse(read.body);
    expect(settings).toMatchObject({
      connected: true,
      basicId: line.basicId,
      displayName: line.displayName,
      webhookUrl: `${PUBLIC_BASE_URL}/api/line/webhook/${slug}`,
    });
    expect(JSON.stringify(read.body)).not.toContain(line.channelSecret);
    expect(JSON.stringify(read.body)).not.toContain(line.accessToken);
    const info = platform.requests.find((request) => request.path === "/v2/bot/info");
    expect(info?.headers.authorization).toBe(`Bearer ${line.accessToken}`);
  });

  it("are stored sealed: neither the secret nor the token is in the database or the log in clear", async () => {
    const { server, line, logLines } = context;
    const row = await server.database.db.selectFrom("line_channels").selectAll().executeTakeFirstOrThrow();
    expect(row.channel_secret.startsWith("enc1:")).toBe(true);
    expect(row.access_token.startsWith("enc1:")).toBe(true);
    expect(JSON.stringify(row)).not.toContain(line.channelSecret);
    expect(JSON.stringify(row)).not.toContain(line.accessToken);
    expect(logLines.join("")).not.toContain(line.accessToken);
    expect(logLines.join("")).not.toContain(line.channelSecret);
  });

  it("refuses a token LINE does not know, a LINE ID of another account, and bad shapes, saving nothing", async () => {
    const { server, line, logLines } = context;
    const before = await server.database.db.selectFrom("line_channels").select("updated_at").executeTakeFirstOrThrow();
    const wrongToken = await connect(context, { channelAccessToken: "x".repeat(40) });
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body.issues[0].path).toEqual(["channelAccessToken"]);
    const wrongId = await connect(context, { basicId: "@someoneelse" });
    expect(wrongId.status).toBe(400);
    expect(wrongId.body.issues[0].message).toContain(line.basicId);
    for (const bad of [
      { channelSecret: "short" },
      { basicId: "nobasicid" },
      { monthlyLimit: 0 },
      { monthlyLimit: "many" },
      { extra: 1 },
    ]) {
      expect((await connect(context, bad)).status).toBe(400);
    }
    const after = await server.database.db.selectFrom("line_channels").select("updated_at").executeTakeFirstOrThrow();
    expect(after.updated_at).toEqual(before.updated_at);
    expect(logLines.join("")).not.toContain("x".repeat(40));
  });

  it("are recorded in the audit log without the secrets", async () => {
    const { server, account, line } = context;
    const audit = await server.api.get("/api/audit?action=line.connected", account.idToken);
    expect(audit.status).toBe(200);
    expect(audit.body.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit.body)).not.toContain(line.accessToken);
  });
});
