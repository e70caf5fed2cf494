import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Decodes the text part of a nodemailer .eml well enough to read a code out of it. */
export function decodeMailText(eml: string): string {
  const [head = "", ...rest] = eml.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes);
  }
  return body;
}

export async function outboxMails(outboxDir: string, to: string): Promise<string[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir)).filter((file) => file.endsWith(".eml")).sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(files.map((file) => readFile(path.join(outboxDir, file), "utf8")));
  return mails.filter((eml) => new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "mi").test(eml));
}

/** The texts of the mails to that address, once there are at least `count` (mail is sent after the call that causes it answers). */
export async function waitForMails(outboxDir: string, to: string, count = 1, timeoutMs = 15_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await outboxMails(outboxDir, to);
    if (mails.length >= count) return mails.map(decodeMailText);
    if (Date.now() > deadline) throw new Error(`${mails.length} mails to ${to}, not ${count}, after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The code in the `count`-th mail to that address (by default the newest one there is), waiting for it. */
export async function latestCode(outboxDir: string, to: string, count = 1): Promise<string> {
  const match = /確認コード: (\d{6})/.exec((await waitForMails(outboxDir, to, count)).at(-1)!);
  if (!match?.[1]) throw new Error("no code in the mail");
  return match[1];
}

/**
 * Mails to `to` once a later call (`sendMarker`) has mailed `markerTo`: mail is sent after answering, and
 * whatever the earlier call sent would be in the outbox before the marker's.
 */
export async function mailsBeforeMarker(
  outboxDir: string,
  to: string,
  markerTo: string,
  sendMarker: () => Promise<unknown>,
): Promise<string[]> {
  const before = (await outboxMails(outboxDir, markerTo)).length;
  await sendMarker();
  await waitForMails(outboxDir, markerTo, before + 1);
  return outboxMails(outboxDir, to);
}
