import type { QuestionKey } from "@pharmacy/contract/shared/enums";
import { PAPER_NEEDS_PHOTO_MESSAGE } from "@pharmacy/contract/public/public";
import type { QuestionSetting } from "@pharmacy/contract/settings/settings";
import { describe, expect, it } from "vitest";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import { applicableQuestions, questionsToAsk } from "@pharmacy/contract/receptions/question-rules";
import { sayInJapanese } from "../../test-utils/say";
import * as rules from "./form-steps";
import { formSteps, stepOfField, stepPosition, type StepId, type WebFormValues } from "./form-steps";

// The messages in Japanese words, as a Japanese reader sees them.
const ANSWER_REQUIRED = sayInJapanese(rules.ANSWER_REQUIRED);
const CONSENT_EMAIL_REQUIRED = sayInJapanese(rules.CONSENT_EMAIL_REQUIRED);
const stepErrors = (...args: Parameters<typeof rules.stepErrors>) =>
  Object.fromEntries(Object.entries(rules.stepErrors(...args)).map(([field, said]) => [field, sayInJapanese(said)]));

const question = (key: QuestionKey, required = true): QuestionSetting => ({ key, required, enabled: true, order: 0 });
const empty: WebFormValues = {
  photos: [],
  answers: {},
  patientName: "",
  phone: "",
  exchangeNumber: "",
  email: "",
  followUpConsent: false,
};
const always = () => true;

describe("the web form's steps", () => {
  it("groups the questions in order: prescription, other questions, receiving, then name and phone", () => {
    const steps = formSteps([
      question("prescriptionType"),
      question("firstVisit"),
      question("receiveMethod"),
      question("verifyMethod"),
    ]);
    expect(steps.map((step) => [step.id, step.questions.map((q) => q.key)])).toEqual([
      ["prescription", ["prescriptionType", "verifyMethod"]],
      ["questions", ["firstVisit"]],
      ["receive", ["receiveMethod"]],
      ["contact", []],
    ]);
  });

  it("gives the day and time of a later visit a step of their own", () => {
    const steps = formSteps([question("receiveMethod"), question("returnDate"), question("returnTimePeriod")]);
    expect(steps.map((step) => step.id)).toEqual(["prescription", "receive", "returnVisit", "contact"]);
    expect(steps[2]!.questions.map((q) => q.key)).toEqual(["returnDate", "returnTimePeriod"]);
  });

  it("leaves out a middle step with no question, never the first or the last", () => {
    expect(formSteps([question("receiveMethod")]).map((step) => step.id)).toEqual([
      "prescription",
      "receive",
      "contact",
    ]);
    expect(formSteps([]).map((step) => step.id)).toEqual(["prescription", "contact"]);
  });

  it("knows the step of each field the server may name", () => {
    expect(stepOfField("file")).toBe("prescription");
    expect(stepOfField("exchangeNumber")).toBe("prescription");
    expect(stepOfField("answers.returnTimePeriod")).toBe("returnVisit");
    expect(stepOfField("answers.genericDrug")).toBe("questions");
    expect(stepOfField("phone")).toBe("contact");
  });
});

describe("what keeps a step from going on", () => {
  it("checks a typed 引換番号 (full-width digits fine) only when the answers ask for one", () => {
    const [prescription] = formSteps([]);
    const electronic = { prescriptionType: "Electronic", verifyMethod: "InsuranceCard" } as const;
    expect(stepErrors(prescription!, { ...empty, answers: electronic, exchangeNumber: "１２３４" }, always)).toEqual(
      {},
    );
    expect(stepErrors(prescription!, { ...empty, answers: electronic, exchangeNumber: "" }, always)).toEqual({});
    expect(stepErrors(prescription!, { ...empty, answers: electronic, exchangeNumber: "12a" }, always)).toEqual({
      exchangeNumber: "引換番号は数字で入力してください",
    });
    expect(
      stepErrors(
        prescription!,
        { ...empty, answers: { ...electronic, verifyMethod: "MyNumberCard" }, exchangeNumber: "12a" },
        always,
      ),
    ).toEqual({});
  });

  const [prescription, , receive, returnVisit, contact] = formSteps([
    question("prescriptionType"),
    question("firstVisit", false),
    question("receiveMethod"),
    question("returnDate"),
    question("returnTimePeriod"),
  ]);

  it("a required question unanswered, not an optional one", () => {
    expect(stepErrors(prescription!, empty, always)).toEqual({ "answers.prescriptionType": ANSWER_REQUIRED });
    expect(stepErrors(formSteps([question("firstVisit", false)])[1]!, empty, always)).toEqual({});
  });

  it("a paper prescription without a photo", () => {
    const paper = { ...empty, answers: { prescriptionType: "Paper" } } as WebFormValues;
    expect(stepErrors(prescription!, paper, always)).toEqual({ file: PAPER_NEEDS_PHOTO_MESSAGE });
    expect(stepErrors(prescription!, { ...paper, photos: [new File(["x"], "a.jpg")] }, always)).toEqual({});
  });

  it("not a question with nothing to choose yet (the periods before a date)", () => {
    const noPeriods = (key: QuestionKey) => key !== "returnTimePeriod";
    expect(stepErrors(returnVisit!, empty, noPeriods)).toEqual({ "answers.returnDate": ANSWER_REQUIRED });
    expect(stepErrors(receive!, empty, noPeriods)).toEqual({ "answers.receiveMethod": ANSWER_REQUIRED });
  });

  it("a missing or wrong name and phone, with the contract's messages", () => {
    expect(stepErrors(contact!, empty, always)).toEqual({
      patientName: "お名前（フリガナ）を入力してください",
      phone: "電話番号を入力してください",
    });
    expect(stepErrors(contact!, { ...empty, patientName: "yamada", phone: "12345" }, always)).toEqual({
      patientName: "お名前はカタカナまたはひらがなで入力してください",
      phone: "電話番号は半角数字10〜11桁で入力してください",
    });
    expect(
      stepErrors(contact!, { ...empty, patientName: "やくきょく はなこ", phone: "０９０-１２３４-５６７８" }, always),
    ).toEqual({});
  });

  it("an e-mail address only when one is typed, and then a real one", () => {
    const named = { ...empty, patientName: "ヤマダ ハナコ", phone: "09012345678" };
    expect(stepErrors(contact!, { ...named, email: "  " }, always)).toEqual({});
    expect(stepErrors(contact!, { ...named, email: "hanako@example" }, always)).toEqual({
      email: "メールアドレスは有効なメールアドレスではありません",
    });
    expect(stepErrors(contact!, { ...named, email: " Hanako@Example.jp " }, always)).toEqual({});
  });

  it("an e-mail address when the patient asks for the follow-up (docs/rules.md#continuity-of-care), as the server's refine does", () => {
    const named = { ...empty, patientName: "ヤマダ ハナコ", phone: "09012345678", followUpConsent: true };
    expect(stepErrors(contact!, named, always)).toEqual({ email: CONSENT_EMAIL_REQUIRED });
    expect(stepErrors(contact!, { ...named, email: "hanako@example" }, always)).toEqual({
      email: "メールアドレスは有効なメールアドレスではありません",
    });
    expect(stepErrors(contact!, { ...named, email: "hanako@example.jp" }, always)).toEqual({});
  });
});

describe("「n / m」 over the steps", () => {
  const questions = [
    question("prescriptionType"),
    question("firstVisit"),
    question("receiveMethod"),
    question("returnDate"),
    question("returnTimePeriod"),
  ];

  /** The form's steps one after another, the answers of each step given as it is left; the 「n / m」 shown on each. */
  function walk(answersByStep: Partial<Record<StepId, Answers>>): string[] {
    const shown: string[] = [];
    let answers: Answers = {};
    for (let index = 0; ; index++) {
      const steps = formSteps(applicableQuestions(questions, answers));
      const step = steps[index];
      if (!step) return shown;
      const position = stepPosition(index, step.id, questionsToAsk(questions, answers));
      shown.push(`${position.index} / ${position.total}`);
      answers = { ...answers, ...answersByStep[step.id] };
    }
  }

  it("counts the day of a later visit from the start, so choosing 後で取りに来る does not add a step", () => {
    expect(
      walk({
        prescription: { prescriptionType: "Paper" },
        questions: { firstVisit: "no" },
        receive: { receiveMethod: "ReturnVisit" },
        returnVisit: { returnDate: "2026-12-01" },
      }),
    ).toEqual(["1 / 5", "2 / 5", "3 / 5", "4 / 5", "5 / 5"]);
  });

  it("takes the step out of the total once 今すぐ is chosen, and ends at m / m", () => {
    expect(
      walk({
        prescription: { prescriptionType: "Paper" },
        questions: { firstVisit: "no" },
        receive: { receiveMethod: "Pharmacy" },
      }),
    ).toEqual(["1 / 5", "2 / 5", "3 / 5", "4 / 4"]);
  });
});
