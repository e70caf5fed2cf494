import { describe, expect, it } from "vitest";
import { SHIPPED_FOLLOW_UP_TEMPLATES } from "../../src/follow-ups/follow-up-templates.js";
import { shippedWordingOf } from "../../src/follow-ups/shipped-follow-up-wording.js";

const questions = SHIPPED_FOLLOW_UP_TEMPLATES.flatMap((template) => template.questions);
const condition = questions.find((question) => question.key === "condition")!;

describe("which words of a question are the shipped ones", () => {
  it("gives every shipped question one wording, whichever template it is in", () => {
    for (const question of questions) {
      const twins = questions.filter((other) => other.key === question.key);
      expect(
        twins.every((twin) => JSON.stringify(twin) === JSON.stringify(question)),
        question.key,
      ).toBe(true);
    }
  });

  it("finds a shipped question and all its options shipped", () => {
    for (const question of questions) {
      const wording = shippedWordingOf(question);
      expect(wording.label, question.key).toBe(true);
      expect([...wording.options]).toEqual(question.options.map((option) => option.value));
    }
  });

  it("keeps a branch's edited question text and edited option as its own, the untouched options shipped", () => {
    const edited = {
      ...condition,
      label: "お薬を飲み始めてから、体調はどうですか",
      options: [
        { value: "better", label: "良くなった" },
        { value: "same", label: "あまり変わらない" },
        { value: "worse", label: "悪くなった" },
        { value: "unsure", label: "わからない" },
      ],
    };
    const wording = shippedWordingOf(edited);
    expect(wording.label).toBe(false);
    expect([...wording.options]).toEqual(["better", "worse"]);
  });

  it("knows nothing of a branch's own question, even with a shipped option's words under its own key", () => {
    const custom = { key: "appetite", label: "食欲はありますか", options: [{ value: "better", label: "良くなった" }] };
    expect(shippedWordingOf(custom)).toEqual({ label: false, options: new Set() });
  });

  it("does not take a shipped text under another question's key", () => {
    expect(shippedWordingOf({ ...condition, key: "missedDoses" }).label).toBe(false);
  });
});
