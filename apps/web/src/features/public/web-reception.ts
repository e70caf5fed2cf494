import type { CodeSymbol } from "@pharmacy/contract/files/code-symbols";
import { MAX_PHOTO_CODES_CHARS } from "@pharmacy/contract/public/public";
import { toKatakana } from "@pharmacy/contract/shared/katakana";
import type { Answers } from "@pharmacy/contract/receptions/questions";

/**
 * The codes read in each photo at full size, as the `photoCodes` field; left out when none was read,
 * or when they are longer than the server takes (it then reads the photos alone).
 */
export function appendPhotoCodes(body: FormData, photoCodes: readonly (readonly CodeSymbol[])[]): void {
  if (photoCodes.every((symbols) => symbols.length === 0)) return;
  const json = JSON.stringify(photoCodes);
  if (json.length <= MAX_PHOTO_CODES_CHARS) body.append("photoCodes", json);
}

/** Photos go with the visitor's consent to their use (docs/rules.md#notice-and-consent); without photos none is sent. */
export function appendPhotoConsent(body: FormData, photoCount: number, photoConsent: boolean): void {
  if (photoCount > 0 && photoConsent) body.append("photoConsent", "true");
}

/** Another person of the household sent with the sender (docs/rules.md#family): the sender's answers, their own photos. */
export interface SentMember {
  patientName: string;
  /** Sent only when it is not the sender's. */
  phone?: string;
  photos: readonly File[];
  photoCodes: readonly (readonly CodeSymbol[])[];
}

/** The `household` field: each person's name, answers and photo count; their photos follow the sender's. */
function householdField(members: readonly SentMember[], answers: Answers, senderPhone: string): string {
  return JSON.stringify(
    members.map((member) => ({
      patientName: toKatakana(member.patientName.trim()),
      ...(member.phone?.trim() && member.phone.trim() !== senderPhone.trim() && { phone: member.phone.trim() }),
      answers,
      photoCount: member.photos.length,
      ...(member.photoCodes.some((symbols) => symbols.length > 0) && { photoCodes: member.photoCodes }),
    })),
  );
}

/** The multipart body of POST /api/public/pharmacy/{slug}/reception. */
export function webReceptionBody(input: {
  patientName: string;
  phone: string;
  answers: Answers;
  photos: readonly File[];
  /** The codes read in each photo before it was made smaller, by the photos' order. */
  photoCodes: readonly (readonly CodeSymbol[])[];
  /** Sent only when typed (the server normalises full-width digits). */
  exchangeNumber?: string;
  /** Sent only when typed. */
  email?: string;
  /** 「服薬後に体調確認の連絡を受け取る」: sent only with an e-mail to keep. */
  followUpConsent?: boolean;
  /** 「処方箋の写真を…利用することに同意します」: required with photos. */
  photoConsent?: boolean;
  /** 「家族の分もまとめて」: the other people, each their own reception. */
  household?: readonly SentMember[];
}): FormData {
  const household = input.household ?? [];
  const allPhotos = [...input.photos, ...household.flatMap((member) => member.photos)];
  const body = new FormData();
  body.append("patientName", toKatakana(input.patientName.trim()));
  body.append("phone", input.phone.trim());
  body.append("answers", JSON.stringify(input.answers));
  if (input.exchangeNumber?.trim()) body.append("exchangeNumber", input.exchangeNumber.trim());
  if (input.email?.trim()) body.append("email", input.email.trim());
  appendPhotoCodes(body, input.photoCodes);
  if (input.email?.trim() && input.followUpConsent) body.append("followUpConsent", "true");
  if (household.length > 0) body.append("household", householdField(household, input.answers, input.phone));
  appendPhotoConsent(body, allPhotos.length, input.photoConsent === true);
  for (const photo of allPhotos) body.append("file", photo, photo.name);
  return body;
}
