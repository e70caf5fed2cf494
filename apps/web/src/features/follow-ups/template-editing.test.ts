import { SHIPPED_FOLLOW_UP_TEMPLATES, type FollowUpTemplate } from "@pharmacy/contract/follow-ups/follow-up-templates";
import { describe, expect, it } from "vitest";
import { moved, newQuestion, newTemplate, templateIssues, withKind, withoutOption } from "./template-editing";

const templates = SHIPPED_FOLLOW_UP_TEMPLATES as FollowUpTemplate[];

describe("editing the follow-up templates", () => {
  it("makes keys of its own, unique in their list", () => {
    expect(newTemplate(templates).id).toBe("custom-6");
    expect(newTemplate([...templates, { ...templates[0]!, id: "custom-6" }]).id).toBe("custom-7");
    const question = newQuestion(templates[0]!.questions, "choice");
    expect(question.key).toBe("q7");
    expect(question.options.map((option) => option.value)).toEqual(["o1", "o2"]);
  });

  it("keeps what still fits a new kind of question", () => {
    const condition = templates[0]!.questions[0]!;
    expect(withKind(condition, "symptoms")).toMatchObject({
      kind: "symptoms",
      options: condition.options,
      alertValues: ["worse"],
    });
    expect(withKind(condition, "yesNo")).toMatchObject({ kind: "yesNo", options: [], alertValues: [] });
    expect(withKind(condition, "text")).toMatchObject({ kind: "text", options: [], alertValues: [] });
    const callRequest = templates[0]!.questions.at(-1)!;
    expect(withKind(callRequest, "choice")).toMatchObject({ callRequest: false, alertValues: [] });
  });

  it("drops a removed choice from the alert answers", () => {
    const condition = templates[0]!.questions[0]!;
    expect(withoutOption(condition, "worse").alertValues).toEqual([]);
  });

  it("moves a question within its list and no further", () => {
    expect(moved(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moved(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
  });

  it("names the template and question of each issue, with the contract's words", () => {
    expect(templateIssues(templates)).toEqual([]);
    const broken = structuredClone(templates);
    broken[1]!.questions[2]!.label = "";
    expect(templateIssues(broken)).toEqual([
      { templateIndex: 1, message: "新しく始まったお薬・質問3：質問を入力してください" },
    ]);
  });
});
