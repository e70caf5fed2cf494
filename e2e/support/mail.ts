import { latestCode } from "@pharmacy/test-support/mail";
import { vi } from "vitest";

/** Waits for a mail to that address in the server's outbox (other than `notThis`) and reads its code. */
export function waitForCode(outboxDir: string, to: string, notThis?: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const code = await latestCode(outboxDir, to);
      if (code === notThis) throw new Error(`no code but ${notThis} mailed to ${to}`);
      return code;
    },
    { timeout: 15_000, interval: 200 },
  );
}
