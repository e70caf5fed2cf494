import { SHIPPED_FOLLOW_UP_TEMPLATES, type FollowUpQuestion } from "./follow-up-templates.js";

/**
 * Which words of a branch's question are still the shipped ones (SHIPPED_FOLLOW_UP_TEMPLATES), so that the
 * patient page may say them in the patient's language: the question's text when its key and its Japanese
 * are the shipped question's, and each option whose value and Japanese are a shipped option's. Words a
 * branch typed or edited are its own and shown as typed. A key means one question in every shipped template.
 */
export interface ShippedWording {
  label: boolean;
  /** The values of the options whose words are shipped. */
  options: ReadonlySet<string>;
}

const SHIPPED_BY_KEY = new Map(
  SHIPPED_FOLLOW_UP_TEMPLATES.flatMap((template) => template.questions).map((question) => [question.key, question]),
);

export function shippedWordingOf(question: Pick<FollowUpQuestion, "key" | "label" | "options">): ShippedWording {
  const shipped = SHIPPED_BY_KEY.get(question.key);
  if (!shipped) return { label: false, options: new Set() };
  const shippedOptions = new Map(shipped.options.map((option) => [option.value, option.label]));
  return {
    label: shipped.label === question.label,
    options: new Set(
      question.options
        .filter((option) => shippedOptions.get(option.value) === option.label)
        .map((option) => option.value),
    ),
  };
}
