import { MAX_FILE_BYTES } from "@pharmacy/contract/files";
import { SIGNATURE_BYTES, sniffContentType } from "@pharmacy/contract/file-signature";

/**
 * A chosen file the server would refuse, found when it is chosen (as the counter finds it on upload),
 * with its name, so the patient knows which one to replace. Undefined when it can be sent.
 */
export async function photoProblem(file: File): Promise<string | undefined> {
  if (file.size > MAX_FILE_BYTES) return `「${file.name}」は10MBを超えているため送れません。`;
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  if (!sniffContentType(head)) return `「${file.name}」は写真（JPEG・PNG・WebP・HEIC）またはPDFではないため送れません。`;
  return undefined;
}
