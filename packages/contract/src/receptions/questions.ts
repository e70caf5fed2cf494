import * as z from "../shared/zod.js";
import {
  GenericDrugSchema,
  MedicineNotebookSchema,
  PrescriptionFormSchema,
  type QuestionKey,
  QuestionnaireTypeSchema,
  ReceiveMethodSchema,
  VerifyMethodSchema,
  YesNoSchema,
} from "../shared/enums.js";
import { API_DATE_PATTERN, TIME_PATTERN } from "../shared/formats.js";

export const ApiDateSchema = z.string().regex(API_DATE_PATTERN, "日付はYYYY-MM-DDの形式で入力してください");

/** "HH:mm-HH:mm", one of the business-hours periods of the return day. */
export const TimePeriodSchema = z.string().refine((value) => {
  const [start, end, ...rest] = value.split("-");
  return rest.length === 0 && TIME_PATTERN.test(start ?? "") && TIME_PATTERN.test(end ?? "") && start! < end!;
}, "時間帯はHH:mm-HH:mmの形式で入力してください");

/** The value each question takes; the order here is the default order of the questions. */
export const AnswerValueSchemas = {
  prescriptionType: PrescriptionFormSchema,
  verifyMethod: VerifyMethodSchema,
  firstVisit: YesNoSchema,
  questionnaireType: QuestionnaireTypeSchema,
  medicineNotebook: MedicineNotebookSchema,
  genericDrug: GenericDrugSchema,
  leftoverMedicine: YesNoSchema,
  receiveMethod: ReceiveMethodSchema,
  returnDate: ApiDateSchema,
  returnTimePeriod: TimePeriodSchema,
} as const satisfies Record<QuestionKey, z.ZodType<string>>;

type AnswerShape = { [K in QuestionKey]?: z.infer<(typeof AnswerValueSchemas)[K]> };
export type Answers = AnswerShape;

/** A question is asked only when the answer it depends on has this value. */
export const QUESTION_CONDITIONS: Partial<Record<QuestionKey, { key: QuestionKey; equals: string }>> = {
  verifyMethod: { key: "prescriptionType", equals: "Electronic" },
  questionnaireType: { key: "firstVisit", equals: "yes" },
  returnDate: { key: "receiveMethod", equals: "ReturnVisit" },
  returnTimePeriod: { key: "receiveMethod", equals: "ReturnVisit" },
};

export function isQuestionApplicable(key: QuestionKey, answers: Answers): boolean {
  const condition = QUESTION_CONDITIONS[key];
  return !condition || answers[condition.key] === condition.equals;
}

/** Answers with known keys and values only, and no answer to a question whose condition is not met. */
export const AnswersSchema = z
  .strictObject(
    Object.fromEntries(Object.entries(AnswerValueSchemas).map(([key, schema]) => [key, schema.optional()])) as {
      [K in QuestionKey]: z.ZodOptional<(typeof AnswerValueSchemas)[K]>;
    },
  )
  .superRefine((answers, ctx) => {
    for (const key of Object.keys(answers) as QuestionKey[]) {
      if (answers[key] !== undefined && !isQuestionApplicable(key, answers)) {
        ctx.addIssue({ code: "custom", path: [key], message: "この質問は現在の回答では回答できません" });
      }
    }
  });
