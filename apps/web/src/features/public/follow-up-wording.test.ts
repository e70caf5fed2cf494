import { SHIPPED_FOLLOW_UP_TEMPLATES } from "@pharmacy/contract/follow-ups/follow-up-templates";
import { describe, expect, it } from "vitest";
import { ja } from "../../lib/i18n/catalogs/ja";
import { questionWords } from "./follow-up-wording";

const shipped = new Map(
  SHIPPED_FOLLOW_UP_TEMPLATES.flatMap((template) => template.questions).map((question) => [question.key, question]),
);

describe("the shipped follow-up questions in the catalogs", () => {
  it("are the shipped questions, letter for letter in Japanese, and no others", () => {
    expect(Object.keys(ja.followUpShipped).sort()).toEqual([...shipped.keys()].sort());
    for (const [key, question] of shipped) {
      const entry: { text: string; options?: Record<string, string> } =
        ja.followUpShipped[key as keyof typeof ja.followUpShipped];
      expect(entry.text, key).toBe(question.label);
      expect(entry.options ?? {}, key).toEqual(
        Object.fromEntries(question.options.map((option) => [option.value, option.label])),
      );
    }
  });

  it("names the catalog's words for a shipped question, the branch's own for words it changed", () => {
    const condition = shipped.get("condition")!;
    expect(questionWords(condition)).toEqual({
      label: { key: "followUpShipped.condition.text", own: condition.label },
      options: {
        better: { key: "followUpShipped.condition.options.better", own: "良くなった" },
        same: { key: "followUpShipped.condition.options.same", own: "変わらない" },
        worse: { key: "followUpShipped.condition.options.worse", own: "悪くなった" },
      },
    });
    const edited = questionWords({
      ...condition,
      label: "体調はどうですか",
      options: [{ value: "better", label: "よい" }, condition.options[2]!],
    });
    expect(edited).toEqual({
      label: { own: "体調はどうですか" },
      options: {
        better: { own: "よい" },
        worse: { key: "followUpShipped.condition.options.worse", own: "悪くなった" },
      },
    });
  });
});
