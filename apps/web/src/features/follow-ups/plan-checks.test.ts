import { describe, expect, it } from "vitest";
import { planProblems, reachableChannels, type PlanEntry } from "./plan-checks";

const noContact = null;
const keptEmail = { email: "patient@example.com", push: false, line: false };
const ready: PlanEntry = {
  dueOn: "2026-05-08",
  template: "general",
  consent: false,
  email: "",
  phone: "",
  channel: "phone",
};

describe("what stops a follow-up from being planned", () => {
  it("nothing, for a phone call on a day with a questionnaire", () => {
    expect(planProblems(noContact, ready)).toEqual([]);
  });

  it("a missing day or questionnaire, in that order", () => {
    expect(planProblems(noContact, { ...ready, dueOn: undefined, template: undefined })).toEqual([
      "日付を選んでください",
      "質問票を選んでください",
    ]);
  });

  it("a consent with neither an e-mail nor a phone", () => {
    expect(planProblems(noContact, { ...ready, consent: true, phone: " " })).toEqual([
      "メールアドレスか電話番号を入力してください",
    ]);
  });

  it("an e-mail that is not one, which cannot be the channel either", () => {
    const problems = planProblems(noContact, { ...ready, consent: true, email: "patient@", channel: "email" });
    expect(problems).toHaveLength(2);
    expect(problems[1]).toBe("メールの連絡先がありません。連絡方法を選び直してください");
  });
});

describe("the channels that reach the patient", () => {
  it("are the kept contact's, and e-mail once a valid one is typed with the consent", () => {
    expect(reachableChannels(keptEmail, { consent: false, email: "" }).email).toBe(true);
    expect(reachableChannels(noContact, { consent: false, email: "patient@example.com" }).email).toBe(false);
    expect(reachableChannels(noContact, { consent: true, email: " patient@example.com " }).email).toBe(true);
    expect(reachableChannels(noContact, { consent: true, email: "patient@" }).email).toBe(false);
    expect(reachableChannels(noContact, { consent: true, email: "" }).phone).toBe(true);
  });
});
