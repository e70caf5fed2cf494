import { latestCode } from "@pharmacy/test-support/mail";

/** Waits for a mail to that address in the server's outbox (other than `notThis`) and reads its code. */
export async function waitForCode(outboxDir: string, to: string, notThis?: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const code = await latestCode(outboxDir, to).catch(() => undefined);
    if (code && code !== notThis) return code;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
