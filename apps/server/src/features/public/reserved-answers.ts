import type { ValidationIssue } from "@pharmacy/contract/errors";
import type { QuestionKey } from "@pharmacy/contract/enums";
import { isQuestionApplicable, type Answers } from "@pharmacy/contract/questions";
import { enabledQuestions, formatPeriod, periodsOn, type AppSettings, type BusinessHours } from "@pharmacy/contract/settings";

/** How far ahead a visitor may book the visit to pick up the medicine. */
export const RETURN_DATE_HORIZON_DAYS = 30;

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * What the branch's reserved-visit settings add to the catalogue's rules: only enabled questions,
 * every required one that applies answered, an enabled receive method, and a return visit on an
 * open day (today or later, within the horizon) in one of that day's periods not yet over.
 */
export function reservedAnswerIssues(
  answers: Answers,
  settings: AppSettings,
  hours: BusinessHours,
  now: { date: string; time: string },
): ValidationIssue[] {
  const today = now.date;
  const issues: ValidationIssue[] = [];
  const add = (key: QuestionKey, message: string) => issues.push({ path: ["answers", key], message, code: "custom" });
  const enabled = enabledQuestions(settings.questions.reserved);
  const enabledKeys = new Set(enabled.map((setting) => setting.key));

  for (const key of Object.keys(answers) as QuestionKey[]) {
    if (!enabledKeys.has(key)) add(key, "この質問には回答できません");
  }
  for (const setting of enabled) {
    if (setting.required && isQuestionApplicable(setting.key, answers) && answers[setting.key] === undefined) {
      add(setting.key, "必須の質問に回答してください");
    }
  }
  if (answers.receiveMethod && !settings.enabledReceiveMethods.includes(answers.receiveMethod)) {
    add("receiveMethod", "この受け取り方法は選べません");
  }
  if (answers.returnDate) {
    const open = periodsOn(answers.returnDate, hours).length > 0;
    if (answers.returnDate < today || answers.returnDate > addDays(today, RETURN_DATE_HORIZON_DAYS)) {
      add("returnDate", "ご来局予定日は本日から30日以内で選んでください");
    } else if (!open) {
      add("returnDate", "この日は休業日です。別の日を選んでください");
    }
  }
  if (answers.returnTimePeriod) {
    const periods = answers.returnDate ? periodsOn(answers.returnDate, hours) : [];
    const period = periods.find((candidate) => formatPeriod(candidate) === answers.returnTimePeriod);
    if (!period) add("returnTimePeriod", "営業時間内の時間帯を選んでください");
    else if (answers.returnDate === today && period.end <= now.time) add("returnTimePeriod", "この時間帯はすでに終了しています。別の時間帯を選んでください");
  }
  return issues;
}
