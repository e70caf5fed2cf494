import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_FILE_BYTES,
  namedFileRefusal,
  WRONG_FILE_TYPE_MESSAGE,
} from "@pharmacy/contract/files/file-limits";
import { SIGNATURE_BYTES, sniffContentType } from "@pharmacy/contract/files/file-signature";
import { MAX_WEB_PHOTOS, TOO_MANY_PHOTOS_MESSAGE } from "@pharmacy/contract/public/public";

/** Why the server would refuse a file, with its name, so the patient knows which one to replace. */
async function refusalOf(file: File): Promise<string | undefined> {
  if (file.size > MAX_FILE_BYTES) return namedFileRefusal(file.name, FILE_TOO_LARGE_MESSAGE);
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  if (!sniffContentType(head)) return namedFileRefusal(file.name, WRONG_FILE_TYPE_MESSAGE);
  return undefined;
}

/**
 * The one check of picked photos, done when they are picked (as the counter checks on upload): each
 * file the server would take (size, and its first bytes are a photo or a PDF) joins the list up to
 * MAX_WEB_PHOTOS; what was left out is said, once per reason.
 */
export async function addPhotos(
  current: readonly File[],
  picked: readonly File[],
): Promise<{ files: File[]; refused: string[] }> {
  const refusals = await Promise.all(picked.map(refusalOf));
  const files = [...current];
  const refused = new Set<string>();
  picked.forEach((file, index) => {
    const refusal = refusals[index];
    if (refusal) refused.add(refusal);
    else if (files.length >= MAX_WEB_PHOTOS) refused.add(TOO_MANY_PHOTOS_MESSAGE);
    else files.push(file);
  });
  return { files, refused: [...refused] };
}
