import * as z from "../shared/zod.js";
import { textSchema } from "../shared/text.js";

/**
 * docs/rules.md#continuity-of-care: the questionnaires of a follow-up (服薬フォローアップ). A template is a name and up to 8
 * questions; each question says which of its answers raise an alert, and one yes/no question may be
 * the patient's 「薬剤師からの電話を希望」. A follow-up keeps a copy of its template's questions as they
 * were when it was planned, so that editing a template never changes a questionnaire already sent.
 */

export const MAX_FOLLOW_UP_QUESTIONS = 8;
export const MAX_FOLLOW_UP_TEMPLATES = 20;
export const MAX_QUESTION_OPTIONS = 12;
export const FOLLOW_UP_TEXT_ANSWER_MAX = 1000;

export const FollowUpQuestionKindSchema = z.enum(["yesNo", "choice", "symptoms", "text"], {
  error: "質問の種類を選んでください",
});
export type FollowUpQuestionKind = z.infer<typeof FollowUpQuestionKindSchema>;

export const FOLLOW_UP_QUESTION_KIND_LABELS: Record<FollowUpQuestionKind, string> = {
  yesNo: "はい／いいえ",
  choice: "選択（1つ）",
  symptoms: "症状（複数選択）",
  text: "自由記述",
};

/** The two values of a yes/no question, with the words the patient taps. */
/** The issue of a required question left unanswered (the patient page says it in the patient's words). */
export const REQUIRED_ANSWER_MESSAGE = "必須項目です";

export const YES_NO_OPTIONS = [
  { value: "yes", label: "はい" },
  { value: "no", label: "いいえ" },
] as const;

const keySchema = z
  .string()
  .regex(/^[a-zA-Z][a-zA-Z0-9_]{0,31}$/, "質問のキーは英字で始まる32文字以内の英数字にしてください");

export const FollowUpOptionSchema = z.strictObject({
  value: keySchema,
  label: textSchema("選択肢を入力してください")
    .trim()
    .min(1, "選択肢を入力してください")
    .max(40, "選択肢は40文字以内で入力してください"),
});
export type FollowUpOption = z.infer<typeof FollowUpOptionSchema>;

export const FollowUpQuestionSchema = z
  .strictObject({
    key: keySchema,
    label: textSchema("質問を入力してください")
      .trim()
      .min(1, "質問を入力してください")
      .max(200, "質問は200文字以内で入力してください"),
    kind: FollowUpQuestionKindSchema,
    /** The choices of `choice` and `symptoms`; none for `yesNo` (はい／いいえ) and `text`. */
    options: z
      .array(FollowUpOptionSchema)
      .max(MAX_QUESTION_OPTIONS, `選択肢は${MAX_QUESTION_OPTIONS}個までです`)
      .default([]),
    /** The answer values that raise an alert on staff's worklist (a text answer never does). */
    alertValues: z.array(keySchema).max(MAX_QUESTION_OPTIONS).default([]),
    /** 「薬剤師からの電話を希望」: a yes/no question whose はい puts the follow-up on top as 電話を希望. */
    callRequest: z.boolean().default(false),
    required: z.boolean().default(true),
  })
  .superRefine((question, ctx) => {
    const values =
      question.kind === "yesNo"
        ? YES_NO_OPTIONS.map((option) => option.value as string)
        : question.options.map((option) => option.value);
    if ((question.kind === "choice" || question.kind === "symptoms") && question.options.length < 2) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "選択肢を2つ以上入力してください" });
    }
    if ((question.kind === "yesNo" || question.kind === "text") && question.options.length > 0) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "この種類の質問には選択肢を設定できません" });
    }
    if (new Set(question.options.map((option) => option.value)).size !== question.options.length) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "選択肢のキーが重複しています" });
    }
    if (question.kind === "text" && question.alertValues.length > 0) {
      ctx.addIssue({ code: "custom", path: ["alertValues"], message: "自由記述の回答では注意を設定できません" });
    }
    if (question.alertValues.some((value) => !values.includes(value))) {
      ctx.addIssue({ code: "custom", path: ["alertValues"], message: "注意にする回答は選択肢から選んでください" });
    }
    if (question.callRequest && question.kind !== "yesNo") {
      ctx.addIssue({
        code: "custom",
        path: ["callRequest"],
        message: "電話の希望は「はい／いいえ」の質問にしてください",
      });
    }
  });
export type FollowUpQuestion = z.output<typeof FollowUpQuestionSchema>;
export type FollowUpQuestionInput = z.input<typeof FollowUpQuestionSchema>;

export const FollowUpTemplateIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "テンプレートのIDが正しくありません");

export const FollowUpTemplateSchema = z
  .strictObject({
    id: FollowUpTemplateIdSchema,
    name: textSchema("テンプレート名を入力してください")
      .trim()
      .min(1, "テンプレート名を入力してください")
      .max(40, "テンプレート名は40文字以内で入力してください"),
    questions: z
      .array(FollowUpQuestionSchema)
      .min(1, "質問を1つ以上入力してください")
      .max(MAX_FOLLOW_UP_QUESTIONS, `質問は${MAX_FOLLOW_UP_QUESTIONS}個までです`),
  })
  .superRefine((template, ctx) => {
    if (new Set(template.questions.map((question) => question.key)).size !== template.questions.length) {
      ctx.addIssue({ code: "custom", path: ["questions"], message: "質問のキーが重複しています" });
    }
    if (template.questions.filter((question) => question.callRequest).length > 1) {
      ctx.addIssue({ code: "custom", path: ["questions"], message: "電話の希望を聞く質問は1つまでです" });
    }
  });
export type FollowUpTemplate = z.output<typeof FollowUpTemplateSchema>;
export type FollowUpTemplateInput = z.input<typeof FollowUpTemplateSchema>;

/** GET /api/follow_up_templates (staff, admin); PUT replaces the branch's whole list (admin). */
export const FollowUpTemplatesSchema = z.strictObject({
  templates: z
    .array(FollowUpTemplateSchema)
    .min(1, "テンプレートを1つ以上残してください")
    .max(MAX_FOLLOW_UP_TEMPLATES, `テンプレートは${MAX_FOLLOW_UP_TEMPLATES}個までです`)
    .refine(
      (templates) => new Set(templates.map((template) => template.id)).size === templates.length,
      "テンプレートのIDが重複しています",
    ),
});
export type FollowUpTemplates = z.output<typeof FollowUpTemplatesSchema>;

/** GET /api/follow_up_templates: the branch's templates, and whether they are its own or its organisation's. */
export const BranchFollowUpTemplatesSchema = z.object({
  templates: FollowUpTemplatesSchema.shape.templates,
  /** false: the organisation's, used until the admin saves the branch's own (DELETE returns to them). */
  own: z.boolean(),
});
export type BranchFollowUpTemplates = z.output<typeof BranchFollowUpTemplatesSchema>;
export type FollowUpTemplatesInput = z.input<typeof FollowUpTemplatesSchema>;

/** The patient's answers: はい／いいえ and a choice as the option's value, symptoms as values, text as text. */
export const FollowUpAnswersSchema = z.record(
  keySchema,
  z.union([
    textSchema().max(FOLLOW_UP_TEXT_ANSWER_MAX, `${FOLLOW_UP_TEXT_ANSWER_MAX}文字以内で入力してください`),
    z.array(keySchema).max(MAX_QUESTION_OPTIONS),
  ]),
);
export type FollowUpAnswers = z.infer<typeof FollowUpAnswersSchema>;

export interface FollowUpAnswerIssue {
  path: string[];
  message: string;
}

/** Where answers do not fit their questions (unknown key, a value not offered, a required one missing). */
export function followUpAnswerIssues(
  questions: readonly FollowUpQuestion[],
  answers: FollowUpAnswers,
): FollowUpAnswerIssue[] {
  const issues: FollowUpAnswerIssue[] = [];
  const byKey = new Map(questions.map((question) => [question.key, question]));
  for (const key of Object.keys(answers)) {
    if (!byKey.has(key)) issues.push({ path: [key], message: "この質問はありません" });
  }
  for (const question of questions) {
    const answer = answers[question.key];
    const blank =
      answer === undefined ||
      (typeof answer === "string" && answer.trim() === "") ||
      (Array.isArray(answer) && question.kind !== "symptoms" && answer.length === 0);
    if (blank) {
      if (question.required && question.kind !== "symptoms")
        issues.push({ path: [question.key], message: REQUIRED_ANSWER_MESSAGE });
      continue;
    }
    if (question.kind === "text") {
      if (typeof answer !== "string") issues.push({ path: [question.key], message: "文字で入力してください" });
      continue;
    }
    const values =
      question.kind === "yesNo"
        ? YES_NO_OPTIONS.map((option) => option.value as string)
        : question.options.map((option) => option.value);
    if (question.kind === "symptoms") {
      if (
        !Array.isArray(answer) ||
        answer.some((value) => !values.includes(value)) ||
        new Set(answer).size !== answer.length
      ) {
        issues.push({ path: [question.key], message: "選択肢から選んでください" });
      }
    } else if (typeof answer !== "string" || !values.includes(answer)) {
      issues.push({ path: [question.key], message: "選択肢から選んでください" });
    }
  }
  return issues;
}

/** What the answers tell staff: the questions answered with an alert value, and whether a call is asked for. */
export interface FollowUpAlerts {
  alertKeys: string[];
  callRequested: boolean;
}

export function followUpAlertsOf(
  questions: readonly FollowUpQuestion[],
  answers: FollowUpAnswers | undefined,
): FollowUpAlerts {
  if (!answers) return { alertKeys: [], callRequested: false };
  const chosen = (question: FollowUpQuestion): string[] => {
    const answer = answers[question.key];
    return answer === undefined ? [] : Array.isArray(answer) ? answer : [answer];
  };
  return {
    alertKeys: questions
      .filter((question) => chosen(question).some((value) => question.alertValues.includes(value)))
      .map((question) => question.key),
    callRequested: questions.some((question) => question.callRequest && chosen(question).includes("yes")),
  };
}

/** An answer as staff and the report read it: option labels joined by 「、」, はい／いいえ, or the text. */
export function followUpAnswerText(question: FollowUpQuestion, answer: FollowUpAnswers[string] | undefined): string {
  if (answer === undefined || (Array.isArray(answer) && answer.length === 0))
    return question.kind === "symptoms" ? "なし" : "（未回答）";
  if (question.kind === "text") return typeof answer === "string" ? answer : "";
  const options: readonly { value: string; label: string }[] =
    question.kind === "yesNo" ? YES_NO_OPTIONS : question.options;
  const values = Array.isArray(answer) ? answer : [answer];
  return values.map((value) => options.find((option) => option.value === value)?.label ?? value).join("、");
}

const yesNo = (
  key: string,
  label: string,
  alertOn: "yes" | "no" | null,
  extra: Partial<FollowUpQuestionInput> = {},
): FollowUpQuestion =>
  ({
    key,
    label,
    kind: "yesNo",
    options: [],
    alertValues: alertOn ? [alertOn] : [],
    callRequest: false,
    required: true,
    ...extra,
  }) as FollowUpQuestion;

const choice = (key: string, label: string, options: [string, string][], alertValues: string[]): FollowUpQuestion => ({
  key,
  label,
  kind: "choice",
  options: options.map(([value, optionLabel]) => ({ value, label: optionLabel })),
  alertValues,
  callRequest: false,
  required: true,
});

const symptoms = (
  key: string,
  label: string,
  options: [string, string][],
  alertValues: string[],
): FollowUpQuestion => ({
  key,
  label,
  kind: "symptoms",
  options: options.map(([value, optionLabel]) => ({ value, label: optionLabel })),
  alertValues,
  callRequest: false,
  required: false,
});

const freeText = (key: string, label: string): FollowUpQuestion => ({
  key,
  label,
  kind: "text",
  options: [],
  alertValues: [],
  callRequest: false,
  required: false,
});

const condition = choice(
  "condition",
  "お薬を飲み始めてから、体調はいかがですか",
  [
    ["better", "良くなった"],
    ["same", "変わらない"],
    ["worse", "悪くなった"],
  ],
  ["worse"],
);
const missedDoses = choice(
  "missedDoses",
  "お薬の飲み忘れはありますか",
  [
    ["none", "ない"],
    ["sometimes", "ときどきある"],
    ["often", "よくある"],
  ],
  ["often"],
);
const leftover = yesNo("leftover", "飲み残しのお薬はありますか", null);
const questionsText = freeText("questions", "お薬について気になること・ご質問があればご記入ください");
const callRequest = yesNo("callRequest", "薬剤師からの電話を希望しますか", "yes", { callRequest: true });

/** The templates a branch starts with (docs/rules.md#continuity-of-care); an admin edits them under settings. */
export const SHIPPED_FOLLOW_UP_TEMPLATES: readonly FollowUpTemplate[] = [
  {
    id: "general",
    name: "一般",
    questions: [
      condition,
      symptoms(
        "sideEffects",
        "お薬を飲み始めてから気になる症状はありますか（あてはまるものすべて）",
        [
          ["rash", "発疹・かゆみ"],
          ["stomach", "胃の不快感・吐き気"],
          ["dizziness", "めまい・ふらつき"],
          ["sleepy", "眠気"],
          ["bowel", "便秘・下痢"],
          ["other", "その他"],
        ],
        ["rash", "dizziness"],
      ),
      missedDoses,
      leftover,
      questionsText,
      callRequest,
    ],
  },
  {
    id: "new-medicine",
    name: "新しく始まったお薬",
    questions: [
      yesNo("takingAsDirected", "新しいお薬を指示どおりに飲めていますか", "no"),
      condition,
      yesNo("sideEffect", "新しいお薬を飲み始めてから、いつもと違う症状はありますか", "yes"),
      missedDoses,
      questionsText,
      callRequest,
    ],
  },
  {
    id: "inhaler",
    name: "吸入薬",
    questions: [
      yesNo("inhalerUse", "吸入器を説明どおりに使えていますか", "no"),
      choice(
        "breathing",
        "息苦しさ・せきはいかがですか",
        [
          ["better", "楽になった"],
          ["same", "変わらない"],
          ["worse", "悪くなった"],
        ],
        ["worse"],
      ),
      yesNo("gargle", "吸入のあとにうがいをしていますか", "no"),
      symptoms(
        "inhalerSymptoms",
        "気になる症状はありますか（あてはまるものすべて）",
        [
          ["hoarse", "声がかれる"],
          ["throat", "のどの違和感"],
          ["palpitation", "動悸"],
          ["other", "その他"],
        ],
        ["palpitation"],
      ),
      questionsText,
      callRequest,
    ],
  },
  {
    id: "anticoagulant",
    name: "抗凝固薬",
    questions: [
      symptoms(
        "bleeding",
        "出血の症状はありますか（あてはまるものすべて）",
        [
          ["gums", "歯ぐきからの出血"],
          ["nose", "鼻血が止まりにくい"],
          ["bruise", "あざができやすい"],
          ["blackStool", "黒い便・血尿"],
        ],
        ["gums", "nose", "bruise", "blackStool"],
      ),
      missedDoses,
      yesNo("otherMedicine", "ほかの病院のお薬や市販薬・サプリメントを新しく始めましたか", "yes"),
      yesNo("surgery", "手術や抜歯の予定はありますか", "yes"),
      questionsText,
      callRequest,
    ],
  },
  {
    id: "diabetes",
    name: "糖尿病",
    questions: [
      yesNo("hypoglycemia", "低血糖の症状（ふるえ、冷や汗、強い空腹感）はありましたか", "yes"),
      missedDoses,
      yesNo("meals", "食事をとれないことはありましたか", "yes"),
      condition,
      questionsText,
      callRequest,
    ],
  },
];
