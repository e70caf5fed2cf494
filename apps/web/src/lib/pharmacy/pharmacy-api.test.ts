import { describe, expect, it } from "vitest";
import { questionnaireLinkOf } from "./pharmacy-api";

describe("questionnaireLinkOf", () => {
  it("gives the branch's web questionnaire address", () => {
    expect(questionnaireLinkOf({ webQuestionnaireUrl: "https://example.com/q" })).toBe("https://example.com/q");
  });

  it("gives null for no branch yet, no address or an emptied one", () => {
    expect(questionnaireLinkOf(undefined)).toBeNull();
    expect(questionnaireLinkOf({})).toBeNull();
    expect(questionnaireLinkOf({ webQuestionnaireUrl: "" })).toBeNull();
  });
});
