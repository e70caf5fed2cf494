import { toKatakana } from "@pharmacy/contract/katakana";
import type { Answers } from "@pharmacy/contract/questions";

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
}): FormData {
  const body = new FormData();
  body.append("patientName", toKatakana(input.patientName.trim()));
  body.append("phone", input.phone.trim());
  body.append("answers", JSON.stringify(input.answers));
  if (input.exchangeNumber?.trim()) body.append("exchangeNumber", input.exchangeNumber.trim());
  if (input.email?.trim()) body.append("email", input.email.trim());
  for (const photo of input.photos) body.append("file", photo, photo.name);
  return body;
}
