import { QuestionKeySchema, type QuestionKey } from "@pharmacy/contract/shared/enums";
import { QUESTION_CONDITIONS } from "@pharmacy/contract/receptions/questions";
import type { QuestionSetting } from "@pharmacy/contract/settings/settings";

/**
 * The question list as the settings screen edits it: every question of the catalogue exactly once,
 * in the configured order, numbered 0, 1, 2… A question the saved settings lack (added to the
 * catalogue later) comes last, switched off.
 */
export function normalizeQuestionSettings(settings: readonly QuestionSetting[]): QuestionSetting[] {
  const known = new Map(settings.map((setting) => [setting.key, setting]));
  const ordered = [...known.values()].sort(
    (a, b) => a.order - b.order || QuestionKeySchema.options.indexOf(a.key) - QuestionKeySchema.options.indexOf(b.key),
  );
  const missing = QuestionKeySchema.options
    .filter((key) => !known.has(key))
    .map((key) => ({ key, enabled: false, required: false, order: 0 }));
  return [...ordered, ...missing].map((setting, order) => ({ ...setting, order }));
}

/** Moves a question one place up (-1) or down (+1); the ends stay where they are. */
export function moveQuestion(
  settings: readonly QuestionSetting[],
  key: QuestionKey,
  direction: -1 | 1,
): QuestionSetting[] {
  const list = normalizeQuestionSettings(settings);
  const from = list.findIndex((setting) => setting.key === key);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= list.length) return list;
  [list[from], list[to]] = [list[to]!, list[from]!];
  return list.map((setting, order) => ({ ...setting, order }));
}

export function updateQuestion(
  settings: readonly QuestionSetting[],
  key: QuestionKey,
  change: Partial<Pick<QuestionSetting, "enabled" | "required">>,
): QuestionSetting[] {
  return normalizeQuestionSettings(settings).map((setting) =>
    setting.key === key ? { ...setting, ...change } : setting,
  );
}

export function sameQuestions(a: readonly QuestionSetting[], b: readonly QuestionSetting[]): boolean {
  return JSON.stringify(normalizeQuestionSettings(a)) === JSON.stringify(normalizeQuestionSettings(b));
}

export type QuestionWarning = "dependency-disabled" | "before-dependency";

/**
 * Why a conditional question would never be asked: the question it depends on is off, or comes
 * after it (it is asked only once that answer is known).
 */
export function questionWarnings(settings: readonly QuestionSetting[]): Partial<Record<QuestionKey, QuestionWarning>> {
  const list = normalizeQuestionSettings(settings);
  const byKey = new Map(list.map((setting) => [setting.key, setting]));
  const warnings: Partial<Record<QuestionKey, QuestionWarning>> = {};
  for (const setting of list) {
    const condition = QUESTION_CONDITIONS[setting.key];
    if (!condition || !setting.enabled) continue;
    const dependency = byKey.get(condition.key);
    if (!dependency?.enabled) warnings[setting.key] = "dependency-disabled";
    else if (dependency.order > setting.order) warnings[setting.key] = "before-dependency";
  }
  return warnings;
}
