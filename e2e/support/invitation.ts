import { waitForMails } from "@pharmacy/test-support/mail";

/**
 * Waits for the `count`-th mail to that address (an invitation) and reads the path of its link
 * (/accept-invitation?token=…).
 */
export async function waitForInvitationPath(outboxDir: string, to: string, count = 1): Promise<string> {
  const mails = await waitForMails(outboxDir, to, count);
  const link = /https?:\/\/\S+\/accept-invitation\?token=[^\s]+/.exec(mails.at(-1)!)?.[0];
  if (!link) throw new Error(`no invitation link in the mail to ${to}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
