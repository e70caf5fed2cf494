import { MAX_FILE_BYTES } from "@pharmacy/contract/files/file-limits";
import { SIGNATURE_BYTES, sniffContentType } from "@pharmacy/contract/files/file-signature";
import { MAX_WEB_PHOTOS } from "@pharmacy/contract/public/public";
import { message, type Message } from "../../lib/i18n/message";

/** Why the server would refuse a file, with its name, so the patient knows which one to replace. */
async function refusalOf(file: File): Promise<Message | undefined> {
  if (file.size > MAX_FILE_BYTES)
    return message("fields.fileTooBig", { name: file.name, max: MAX_FILE_BYTES / 1024 / 1024 });
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  if (!sniffContentType(head)) return message("fields.fileWrongType", { name: file.name });
  return undefined;
}

/**
 * The one check of picked photos, done when they are picked (as the counter checks on upload): each
 * file the server would take (size, and its first bytes are a photo or a PDF) joins the list up to
 * MAX_WEB_PHOTOS; what was left out is said, once per reason (the contract's rules, in the patient's words).
 */
export async function addPhotos(
  current: readonly File[],
  picked: readonly File[],
): Promise<{ files: File[]; refused: Message[] }> {
  const refusals = await Promise.all(picked.map(refusalOf));
  const files = [...current];
  const refused = new Map<string, Message>();
  const refuse = (said: Message) => refused.set(JSON.stringify(said), said);
  picked.forEach((file, index) => {
    const refusal = refusals[index];
    if (refusal) refuse(refusal);
    else if (files.length >= MAX_WEB_PHOTOS) refuse(message("fields.tooManyPhotos", { max: MAX_WEB_PHOTOS }));
    else files.push(file);
  });
  return { files, refused: [...refused.values()] };
}
