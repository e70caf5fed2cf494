import { MAX_FILE_BYTES } from "@pharmacy/contract/files";
import { MAX_WEB_PHOTOS } from "@pharmacy/contract/public";
import { toKatakana } from "@pharmacy/contract/katakana";
import type { Answers } from "@pharmacy/contract/questions";

/**
 * The web reception form's own rules as pure functions: which photos are accepted and what is sent.
 * Which questions show and their answers are the contract's `question-rules.ts`.
 */

export type PhotoRejection = "too-many" | "too-large" | "wrong-type";

export const PHOTO_REJECTION_MESSAGES: Record<PhotoRejection, string> = {
  "too-many": `写真は${MAX_WEB_PHOTOS}枚まで送れます。`,
  "too-large": "10MBを超えるファイルは送れません。",
  "wrong-type": "写真（画像）またはPDFを選んでください。",
};

function acceptedType(file: File): boolean {
  // Some phones leave the type empty for HEIC photos: the server checks the content anyway.
  return file.type === "" || file.type.startsWith("image/") || file.type === "application/pdf";
}

/** Adds picked files to the list: at most MAX_WEB_PHOTOS, each at most 10 MB, images or PDF only. */
export function addPhotos(current: readonly File[], picked: readonly File[]): { files: File[]; rejected: PhotoRejection[] } {
  const files = [...current];
  const rejected = new Set<PhotoRejection>();
  for (const file of picked) {
    if (!acceptedType(file)) rejected.add("wrong-type");
    else if (file.size > MAX_FILE_BYTES) rejected.add("too-large");
    else if (files.length >= MAX_WEB_PHOTOS) rejected.add("too-many");
    else files.push(file);
  }
  return { files, rejected: [...rejected] };
}

/** The multipart body of POST /api/public/pharmacy/{slug}/reception. */
export function webReceptionBody(input: {
  patientName: string;
  phone: string;
  answers: Answers;
  photos: readonly File[];
  /** Sent only when typed (the server normalises full-width digits). */
  exchangeNumber?: string;
  /** Sent only when typed. */
  email?: string;
  /** 「服薬後に体調確認の連絡を受け取る」: sent only with an e-mail to keep. */
  followUpConsent?: boolean;
}): FormData {
  const body = new FormData();
  body.append("patientName", toKatakana(input.patientName.trim()));
  body.append("phone", input.phone.trim());
  body.append("answers", JSON.stringify(input.answers));
  if (input.exchangeNumber?.trim()) body.append("exchangeNumber", input.exchangeNumber.trim());
  if (input.email?.trim()) body.append("email", input.email.trim());
  if (input.email?.trim() && input.followUpConsent) body.append("followUpConsent", "true");
  for (const photo of input.photos) body.append("file", photo, photo.name);
  return body;
}
