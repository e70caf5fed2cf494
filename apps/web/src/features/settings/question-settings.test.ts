import { QuestionKeySchema } from "@pharmacy/contract/shared/enums";
import { DEFAULT_APP_SETTINGS, type QuestionSetting } from "@pharmacy/contract/settings/settings";
import { describe, expect, it } from "vitest";
import {
  moveQuestion,
  normalizeQuestionSettings,
  questionWarnings,
  sameQuestions,
  updateQuestion,
} from "./question-settings";

const defaults = DEFAULT_APP_SETTINGS.questions.reserved;
const keys = (settings: QuestionSetting[]) => settings.map((setting) => setting.key);

describe("question settings", () => {
  it("lists every question once in the saved order, numbered from 0, missing ones last and off", () => {
    const saved: QuestionSetting[] = [
      { key: "receiveMethod", enabled: true, required: true, order: 5 },
      { key: "prescriptionType", enabled: true, required: true, order: 9 },
    ];
    const list = normalizeQuestionSettings(saved);
    expect(list).toHaveLength(QuestionKeySchema.options.length);
    expect(keys(list).slice(0, 2)).toEqual(["receiveMethod", "prescriptionType"]);
    expect(list.map((setting) => setting.order)).toEqual(list.map((_, index) => index));
    expect(list.slice(2).every((setting) => !setting.enabled)).toBe(true);
  });

  it("moves a question up or down and renumbers; the ends stay put", () => {
    const down = moveQuestion(defaults, "prescriptionType", 1);
    expect(keys(down).slice(0, 2)).toEqual(["verifyMethod", "prescriptionType"]);
    expect(down.map((setting) => setting.order)).toEqual(down.map((_, index) => index));
    expect(keys(moveQuestion(defaults, "prescriptionType", -1))).toEqual(keys(normalizeQuestionSettings(defaults)));
    expect(keys(moveQuestion(defaults, "returnTimePeriod", 1)).at(-1)).toBe("returnTimePeriod");
  });

  it("switches a question off or makes it optional, and notices the change", () => {
    const changed = updateQuestion(defaults, "genericDrug", { enabled: false });
    expect(changed.find((setting) => setting.key === "genericDrug")!.enabled).toBe(false);
    expect(sameQuestions(changed, defaults)).toBe(false);
    expect(sameQuestions(updateQuestion(changed, "genericDrug", { enabled: true }), defaults)).toBe(true);
  });

  it("warns when a conditional question comes before, or without, the one it depends on", () => {
    expect(questionWarnings(defaults)).toEqual({});
    const before = moveQuestion(moveQuestion(defaults, "verifyMethod", -1), "verifyMethod", 1);
    expect(questionWarnings(before)).toEqual({});
    const ahead = moveQuestion(defaults, "verifyMethod", -1);
    expect(questionWarnings(ahead)).toEqual({ verifyMethod: "before-dependency" });
    const off = updateQuestion(defaults, "receiveMethod", { enabled: false });
    expect(questionWarnings(off)).toEqual({
      returnDate: "dependency-disabled",
      returnTimePeriod: "dependency-disabled",
    });
    // a switched-off conditional question needs no warning
    expect(questionWarnings(updateQuestion(ahead, "verifyMethod", { enabled: false }))).toEqual({});
  });
});
