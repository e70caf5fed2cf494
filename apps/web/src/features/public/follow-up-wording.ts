import type { FollowUpQuestion } from "@pharmacy/contract/follow-ups/follow-up-templates";
import { shippedWordingOf } from "@pharmacy/contract/follow-ups/shipped-follow-up-wording";
import type { PatientKey } from "../../lib/i18n/message";

/**
 * Words of a branch's question as the patient reads them: `key` names the catalog's message (the shipped
 * question's `followUpShipped` entry, said in the patient's language) where the branch kept the shipped
 * Japanese; without it, `own` (the branch's own Japanese) is shown as typed.
 */
export interface Words {
  key?: PatientKey;
  own: string;
}

export interface QuestionWords {
  label: Words;
  /** By option value. */
  options: Record<string, Words>;
}

export function questionWords(question: FollowUpQuestion): QuestionWords {
  const shipped = shippedWordingOf(question);
  // A shipped key and option are in every catalog: follow-up-wording.test.ts holds `followUpShipped` to the contract.
  const base = `followUpShipped.${question.key}`;
  return {
    label: shipped.label ? { key: `${base}.text` as PatientKey, own: question.label } : { own: question.label },
    options: Object.fromEntries(
      question.options.map((option) => [
        option.value,
        shipped.options.has(option.value)
          ? { key: `${base}.options.${option.value}` as PatientKey, own: option.label }
          : { own: option.label },
      ]),
    ),
  };
}
