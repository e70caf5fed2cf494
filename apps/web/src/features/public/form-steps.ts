import type { QuestionKey } from "@pharmacy/contract/shared/enums";
import { EmailSchema } from "@pharmacy/contract/auth/auth";
import { KanaNameSchema, MobilePhoneSchema, needsPhoto } from "@pharmacy/contract/public/public";
import type { QuestionSetting } from "@pharmacy/contract/settings/settings";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import { ExchangeNumberSchema } from "@pharmacy/contract/files/prescription-data";
import { message, messageOr, type Message, type PatientKey } from "../../lib/i18n/message";
import { asksExchangeNumber } from "../../lib/receptions/prescription-limits";

/**
 * The web form in short steps, each about one phone screen: the prescription and its
 * photos, the other questions, how the medicine is received, the day and time of a later visit (only
 * when 後で取りに来る is chosen: a month of days is a screen of its own), then name and phone. A step
 * with no question that applies is left out; the values live above the steps, so going back loses nothing.
 */

export type StepId = "prescription" | "questions" | "receive" | "returnVisit" | "contact";

export const STEP_TITLES: Record<StepId, PatientKey> = {
  prescription: "form.steps.prescription",
  questions: "form.steps.questions",
  receive: "form.steps.receive",
  returnVisit: "form.steps.returnVisit",
  contact: "form.steps.contact",
};

const STEP_OF_QUESTION: Record<QuestionKey, StepId> = {
  prescriptionType: "prescription",
  verifyMethod: "prescription",
  firstVisit: "questions",
  questionnaireType: "questions",
  medicineNotebook: "questions",
  genericDrug: "questions",
  leftoverMedicine: "questions",
  receiveMethod: "receive",
  returnDate: "returnVisit",
  returnTimePeriod: "returnVisit",
};

const STEP_ORDER: readonly StepId[] = ["prescription", "questions", "receive", "returnVisit", "contact"];

export interface FormStep {
  id: StepId;
  questions: QuestionSetting[];
}

/** The steps for the questions that apply now, in order; the first and the last are always there. */
export function formSteps(applicable: readonly QuestionSetting[]): FormStep[] {
  return STEP_ORDER.map((id) => ({
    id,
    questions: applicable.filter((question) => STEP_OF_QUESTION[question.key] === id),
  })).filter((step) => step.id === "prescription" || step.id === "contact" || step.questions.length > 0);
}

/**
 * 「n / m」 of the step shown: n counts the steps shown so far, m adds the steps that
 * may still come, counted up front from the questions that will be shown (the contract's
 * `questionsToAsk`), so m never grows: choosing 後で取りに来る keeps it, 今すぐ lowers it.
 */
export function stepPosition(
  index: number,
  current: StepId,
  toAsk: readonly QuestionSetting[],
): { index: number; total: number } {
  const later = formSteps(toAsk).filter((candidate) => STEP_ORDER.indexOf(candidate.id) > STEP_ORDER.indexOf(current));
  return { index: index + 1, total: index + 1 + later.length };
}

export interface WebFormValues {
  photos: File[];
  answers: Answers;
  patientName: string;
  phone: string;
  /** 引換番号, asked for an electronic prescription shown with 資格確認書・保険証 (may stay empty). */
  exchangeNumber: string;
  /** Optional: the same messages as the push by mail (may stay empty). */
  email: string;
  /** 「服薬後に体調確認の連絡を受け取る」 (docs/rules.md#continuity-of-care): keeps the e-mail for the pharmacist's follow-up; needs one. */
  followUpConsent: boolean;
}

/** A field's key in the error map: "answers.<key>", "file", "patientName" or "phone" (the API's issue paths). */
export type FieldKey = string;

export const ANSWER_REQUIRED = message("fields.answerRequired");
const NAME_REQUIRED = message("fields.nameRequired");
const PHONE_REQUIRED = message("fields.phoneRequired");
export const CONSENT_EMAIL_REQUIRED = message("fields.consentEmailRequired");

/** Each field's message when the server or the contract's schema refuses it, whatever the reason. */
export const FIELD_REFUSED: Readonly<Record<string, PatientKey>> = {
  patientName: "fields.nameKana",
  phone: "fields.phoneDigits",
  email: "fields.emailInvalid",
  exchangeNumber: "fields.exchangeDigits",
  file: "errors.unsupportedFile",
};

/** A server issue on a field, in the patient's language (the server's own Japanese words to a Japanese reader). */
export function fieldIssueOf(field: FieldKey, japanese: string): Message {
  // a household member's field is the sender's field of theirs (`household.1.patientName`)
  const own = field.replace(/^household\.\d+\./, "");
  return messageOr(
    FIELD_REFUSED[own] ?? (own.startsWith("answers.") ? "fields.answerRequired" : "errors.invalid"),
    japanese,
  );
}

export const answerField = (key: QuestionKey): FieldKey => `answers.${key}`;

/** Which step holds a field, to go back to it when the server names it. */
export function stepOfField(field: FieldKey): StepId {
  if (field === "file" || field === "exchangeNumber") return "prescription";
  if (field.startsWith("answers.")) return STEP_OF_QUESTION[field.slice("answers.".length) as QuestionKey] ?? "contact";
  return "contact";
}

interface Checked {
  success: boolean;
  error?: { issues: { message: string; code?: string }[] };
}

/** The schema's first issue as the field's message; a name too long has its own. */
function firstIssue(field: FieldKey, result: Checked): Message | undefined {
  const issue = result.success ? undefined : result.error?.issues[0];
  if (!issue) return undefined;
  if (field === "patientName" && issue.code === "too_big") return messageOr("fields.nameTooLong", issue.message);
  return fieldIssueOf(field, issue.message);
}

/**
 * What keeps a step from going on, per field. `hasChoices` says whether a question has anything to
 * choose now (the periods wait for a date): one with nothing to choose is not asked for.
 */
export function stepErrors(
  step: FormStep,
  values: WebFormValues,
  hasChoices: (key: QuestionKey) => boolean,
): Record<FieldKey, Message> {
  const errors: Record<FieldKey, Message> = {};
  for (const question of step.questions) {
    if (question.required && values.answers[question.key] === undefined && hasChoices(question.key)) {
      errors[answerField(question.key)] = ANSWER_REQUIRED;
    }
  }
  if (step.id === "prescription" && needsPhoto(values.answers, values.photos.length)) {
    errors.file = message("fields.paperNeedsPhoto");
  }
  if (step.id === "prescription" && asksExchangeNumber(values.answers) && values.exchangeNumber.trim()) {
    const exchange = firstIssue("exchangeNumber", ExchangeNumberSchema.safeParse(values.exchangeNumber));
    if (exchange) errors.exchangeNumber = exchange;
  }
  if (step.id === "contact") {
    const name = values.patientName.trim()
      ? firstIssue("patientName", KanaNameSchema.safeParse(values.patientName))
      : NAME_REQUIRED;
    const phone = values.phone.trim() ? firstIssue("phone", MobilePhoneSchema.safeParse(values.phone)) : PHONE_REQUIRED;
    if (name) errors.patientName = name;
    if (phone) errors.phone = phone;
    const email = values.email.trim()
      ? firstIssue("email", EmailSchema.safeParse(values.email))
      : values.followUpConsent
        ? CONSENT_EMAIL_REQUIRED
        : undefined;
    if (email) errors.email = email;
  }
  return errors;
}
