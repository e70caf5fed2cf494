import type { QuestionKey } from "@pharmacy/contract/enums";
import { MAX_FILE_BYTES } from "@pharmacy/contract/files";
import { MAX_WEB_PHOTOS, type PublicPharmacy } from "@pharmacy/contract/public";
import { answerLabel } from "@pharmacy/contract/question-labels";
import { AnswerValueSchemas, isQuestionApplicable, type Answers } from "@pharmacy/contract/questions";
import { enabledQuestions, type QuestionSetting } from "@pharmacy/contract/settings";
import {
  formatMonthDay,
  formatPeriodText,
  returnDateChoices,
  returnPeriodChoices,
} from "../../lib/business-days";
import type { Choice } from "../../components/choice-buttons";

/**
 * The web reception form as pure functions: which reserved-visit questions show for the answers so
 * far, their answer buttons from the branch's settings, what is sent, and which photos are accepted.
 */

type Clock = { today: string; now: string };

function parsePeriod(period: string): { start: string; end: string } {
  const [start = "", end = ""] = period.split("-");
  return { start, end };
}

/** Questions whose many short answers (dates, times) use the compact buttons. */
export const COMPACT_QUESTIONS: ReadonlySet<QuestionKey> = new Set(["returnDate", "returnTimePeriod"]);

/** The enabled questions, in the configured order, whose condition the answers meet. */
export function visibleQuestions(questions: readonly QuestionSetting[], answers: Answers): QuestionSetting[] {
  return enabledQuestions([...questions]).filter((question) => isQuestionApplicable(question.key, answers));
}

/**
 * Only answers of questions that still show (conditions chain: changing the receive method drops the
 * return day and then its period), so the server never sees an answer it must refuse.
 */
export function answersToSend(questions: readonly QuestionSetting[], answers: Answers): Answers {
  const enabled = new Set(enabledQuestions([...questions]).map((question) => question.key));
  let current = Object.fromEntries(
    Object.entries(answers).filter(([key, value]) => value !== undefined && value !== null && enabled.has(key as QuestionKey)),
  ) as Answers;
  for (;;) {
    const kept = Object.fromEntries(
      Object.entries(current).filter(([key]) => isQuestionApplicable(key as QuestionKey, current)),
    ) as Answers;
    if (Object.keys(kept).length === Object.keys(current).length) return kept;
    current = kept;
  }
}

/** The answer buttons of a question for this branch: its receive methods, its open days and periods. */
export function questionChoices(key: QuestionKey, pharmacy: PublicPharmacy, answers: Answers, clock: Clock): Choice[] {
  switch (key) {
    case "receiveMethod":
      return AnswerValueSchemas.receiveMethod.options
        .filter((method) => pharmacy.enabledReceiveMethods.includes(method))
        .map((method) => ({ value: method, label: answerLabel(key, method) }));
    case "returnDate":
      return returnDateChoices(pharmacy.businessHours, clock).map((date) => ({
        value: date,
        label: date === clock.today ? `今日 ${formatMonthDay(date)}` : formatMonthDay(date),
      }));
    case "returnTimePeriod":
      return answers.returnDate
        ? returnPeriodChoices(answers.returnDate, pharmacy.businessHours, clock).map((period) => ({
            value: period,
            label: formatPeriodText(parsePeriod(period)),
          }))
        : [];
    default:
      return AnswerValueSchemas[key].options.map((value: string) => ({ value, label: answerLabel(key, value) }));
  }
}

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
export function webReceptionBody(input: { patientName: string; phone: string; answers: Answers; photos: readonly File[] }): FormData {
  const body = new FormData();
  body.append("patientName", input.patientName.trim());
  body.append("phone", input.phone.trim());
  body.append("answers", JSON.stringify(input.answers));
  for (const photo of input.photos) body.append("file", photo, photo.name);
  return body;
}
