import { decodeMailText, outboxMails } from "@pharmacy/test-support/mail";

/** Waits for the invitation mail to that address and reads the path of its link (/accept-invitation?token=…). */
export async function waitForInvitationPath(outboxDir: string, to: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await outboxMails(outboxDir, to)).at(-1);
    const link = mail && /https?:\/\/\S+\/accept-invitation\?token=[^\s]+/.exec(decodeMailText(mail))?.[0];
    if (link) {
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    }
    if (Date.now() > deadline) throw new Error(`no invitation mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
