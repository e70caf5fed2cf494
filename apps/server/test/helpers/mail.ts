import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Decodes the text part of a nodemailer .eml well enough to read a code out of it. */
export function decodeMailText(eml: string): string {
  const [head = "", ...rest] = eml.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
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

/** The code in the newest mail to that address. */
export async function latestCode(outboxDir: string, to: string): Promise<string> {
  const mails = await outboxMails(outboxDir, to);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${to}`);
  const match = /確認コード: (\d{6})/.exec(decodeMailText(last));
  if (!match?.[1]) throw new Error("no code in the mail");
  return match[1];
}
