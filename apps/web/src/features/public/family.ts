import { KanaNameSchema, needsPhoto } from "@pharmacy/contract/public/public";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import { message, messageOr, type Message } from "../../lib/i18n/message";
import type { FieldKey } from "./form-steps";

/**
 * 「家族の分もまとめて」 (docs/rules.md#family): the other people the form sends with the sender. Each
 * has their own name and photos; the answers and, unless remembered otherwise, the phone are the sender's.
 */
export interface FamilyMember {
  /** React's key: names change as they are typed. */
  key: string;
  patientName: string;
  phone: string;
  photos: File[];
}

export function newFamilyMember(patientName = "", phone = ""): FamilyMember {
  return { key: crypto.randomUUID(), patientName, phone, photos: [] };
}

/** A member's field in the error map, as the server names it: `household.<i>.patientName`, `household.<i>.file`. */
export const memberField = (index: number, field: "patientName" | "file"): FieldKey => `household.${index}.${field}`;

/** What keeps the family from being sent: a name missing or not in kana, a paper prescription without its photo. */
export function familyErrors(members: readonly FamilyMember[], answers: Answers): Record<FieldKey, Message> {
  const errors: Record<FieldKey, Message> = {};
  for (const [index, member] of members.entries()) {
    const name = KanaNameSchema.safeParse(member.patientName);
    if (!member.patientName.trim()) errors[memberField(index, "patientName")] = message("fields.nameRequired");
    else if (!name.success)
      errors[memberField(index, "patientName")] = messageOr("fields.nameKana", name.error.issues[0]!.message);
    if (needsPhoto(answers, member.photos.length))
      errors[memberField(index, "file")] = message("fields.paperNeedsPhoto");
  }
  return errors;
}
