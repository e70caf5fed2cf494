import { describe, expect, it } from "vitest";
import { ReceptionExportSchema } from "@pharmacy/contract/retention/export";
import { lineServerPerFile, linkUser, markReady, pushesTo, webReception } from "./helpers/line.js";

const context = lineServerPerFile();

async function exportOf(id: string) {
  const response = await context.server.api.get(`/api/reception/${id}/export`, context.account.idToken);
  expect(response.status).toBe(200);
  return ReceptionExportSchema.parse(response.body);
}

describe("a patient's export and their LINE messages", () => {
  it("keeps the messages about the reception after hand-over, when its LINE link is gone, and never another reception's", async () => {
    const { server, account, platform } = context;
    const reception = await webReception(context);
    const { userId } = await linkUser(context, reception.statusToken);
    // the same LINE user follows a second reception of theirs
    const other = await webReception(context);
    await linkUser(context, other.statusToken, userId);
    await markReady(context, reception.id);
    await markReady(context, other.id);
    await platform.until(() => (pushesTo(context, userId).length >= 2 ? true : undefined));

    const before = await exportOf(reception.id);
    expect(before.notices.lineLinks).toHaveLength(1);
    expect(before.lineMessages).toHaveLength(1);
    expect(before.lineMessages[0]!.text).toContain(`受付番号 ${reception.receptionNumber}番`);

    expect((await server.api.post(`/api/reception/${reception.id}/hand_over`, undefined, account.idToken)).status).toBe(
      200,
    );
    const after = await exportOf(reception.id);
    expect(after.notices.lineLinks).toEqual([]);
    expect(after.lineMessages.map((message) => message.text)).toEqual(
      before.lineMessages.map((message) => message.text),
    );
    expect((await exportOf(other.id)).lineMessages.map((message) => message.text)).toEqual([
      expect.stringContaining(`受付番号 ${other.receptionNumber}番`),
    ]);
  });
});
