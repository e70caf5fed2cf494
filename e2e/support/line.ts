import {
  lineSignature,
  makeLineUserId,
  textMessageEvent,
  type LineAccount,
} from "@pharmacy/test-support/line-platform";

/**
 * A patient sends `text` to the branch's LINE Official Account: LINE calls the branch's webhook with it,
 * signed with the channel secret, as the LINE platform does. The webhook's answer is returned.
 */
export function sendFromLine(baseUrl: string, publicSlug: string, account: LineAccount, text: string) {
  const raw = JSON.stringify({
    destination: account.botUserId,
    events: [textMessageEvent(makeLineUserId(), text, Date.now())],
  });
  return fetch(`${baseUrl}/api/line/webhook/${publicSlug}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-line-signature": lineSignature(raw, account.channelSecret) },
    body: raw,
  });
}
