import {
  FollowUpTemplatesSchema,
  MAX_FOLLOW_UP_QUESTIONS,
  type FollowUpQuestion,
  type FollowUpQuestionKind,
  type FollowUpTemplate,
} from "@pharmacy/contract/follow-ups/follow-up-templates";

/**
 * The templates editor's changes as pure functions over the whole list (what PUT sends). Keys of new
 * questions, choices and templates are made here, unique within their list; an admin never types one.
 */

function uniqueKey(prefix: string, taken: readonly string[]): string {
  for (let index = taken.length + 1; ; index += 1) {
    const key = `${prefix}${index}`;
    if (!taken.includes(key)) return key;
  }
}

export function newTemplate(templates: readonly FollowUpTemplate[]): FollowUpTemplate {
  return {
    id: uniqueKey(
      "custom-",
      templates.map((template) => template.id),
    ),
    name: "新しいテンプレート",
    questions: [newQuestion([], "yesNo")],
  };
}

export function newQuestion(questions: readonly FollowUpQuestion[], kind: FollowUpQuestionKind): FollowUpQuestion {
  return {
    key: uniqueKey(
      "q",
      questions.map((question) => question.key),
    ),
    label: "",
    kind,
    options:
      kind === "choice" || kind === "symptoms"
        ? [
            { value: "o1", label: "" },
            { value: "o2", label: "" },
          ]
        : [],
    alertValues: [],
    callRequest: false,
    required: kind !== "symptoms" && kind !== "text",
  };
}

function option(options: readonly { value: string }[], label: string) {
  return {
    value: uniqueKey(
      "o",
      options.map((candidate) => candidate.value),
    ),
    label,
  };
}

export function withOption(question: FollowUpQuestion): FollowUpQuestion {
  return { ...question, options: [...question.options, option(question.options, "")] };
}

export function withoutOption(question: FollowUpQuestion, value: string): FollowUpQuestion {
  return {
    ...question,
    options: question.options.filter((candidate) => candidate.value !== value),
    alertValues: question.alertValues.filter((alert) => alert !== value),
  };
}

/** A new kind keeps what still fits it: choices for choice ↔ symptoms, nothing for yes/no and text. */
export function withKind(question: FollowUpQuestion, kind: FollowUpQuestionKind): FollowUpQuestion {
  const hasOptions = kind === "choice" || kind === "symptoms";
  const options = hasOptions ? (question.options.length > 0 ? question.options : newQuestion([], kind).options) : [];
  const keptValues =
    kind === "yesNo" && question.kind === "yesNo"
      ? question.alertValues
      : question.alertValues.filter((value) => options.some((candidate) => candidate.value === value));
  return {
    ...question,
    kind,
    options,
    alertValues: kind === "text" ? [] : keptValues,
    callRequest: kind === "yesNo" ? question.callRequest : false,
  };
}

/** Moves a question up (-1) or down (+1); at either end it stays. */
export function moved<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export function canAddQuestion(template: FollowUpTemplate): boolean {
  return template.questions.length < MAX_FOLLOW_UP_QUESTIONS;
}

export interface TemplateIssue {
  /** Which template (its index) the issue is in, when it names one. */
  templateIndex?: number;
  message: string;
}

/** The contract's own check of the whole list, worded for the admin with the template's name. */
export function templateIssues(templates: readonly FollowUpTemplate[]): TemplateIssue[] {
  const result = FollowUpTemplatesSchema.safeParse({ templates });
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const [, templateIndex, , questionIndex] = issue.path;
    if (typeof templateIndex !== "number") return { message: issue.message };
    const where = [
      templates[templateIndex]?.name || `テンプレート${templateIndex + 1}`,
      typeof questionIndex === "number" ? `質問${questionIndex + 1}` : undefined,
    ]
      .filter(Boolean)
      .join("・");
    return { templateIndex, message: `${where}：${issue.message}` };
  });
}
