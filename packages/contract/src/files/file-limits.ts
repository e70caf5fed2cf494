/**
 * What a file may be, in words the server and the web both say. Apart from files.ts (the staff's
 * upload schemas), so the patient's entry checks a photo without loading those.
 */

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Said wherever a file over MAX_FILE_BYTES is refused, by the server and by the web before sending. */
export const FILE_TOO_LARGE_MESSAGE = `ファイルが大きすぎます（${MAX_FILE_BYTES / 1024 / 1024}MBまで）。`;
/** Said wherever a file that is no photo nor PDF is refused (its first bytes, `file-signature.ts`). */
export const WRONG_FILE_TYPE_MESSAGE = "JPEG・PNG・WebP・HEICの画像またはPDFを選んでください。";

/** One of several files picked at once refused, named so the person knows which one to replace. */
export function namedFileRefusal(fileName: string, refusal: string): string {
  return `「${fileName}」：${refusal}`;
}
