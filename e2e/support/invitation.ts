import { waitForMails } from "@pharmacy/test-support/mail";

/** Waits for the invitation mail to that address and reads the path of its link (/accept-invitation?token=…). */
export async function waitForInvitationPath(outboxDir: string, to: string): Promise<string> {
  const link = /https?:\/\/\S+\/accept-invitation\?token=[^\s]+/.exec((await waitForMails(outboxDir, to)).at(-1)!)?.[0];
  if (!link) throw new Error(`no invitation link in the mail to ${to}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
