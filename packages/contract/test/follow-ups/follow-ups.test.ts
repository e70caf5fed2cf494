import { describe, expect, it } from "vitest";
import {
  FollowUpTemplateSchema,
  FollowUpTemplatesSchema,
  SHIPPED_FOLLOW_UP_TEMPLATES,
  followUpAlertsOf,
  followUpAnswerIssues,
  followUpAnswerText,
} from "../../src/follow-ups/follow-up-templates.js";
import {
  CareContactInputSchema,
  PlanFollowUpSchema,
  UpdateFollowUpSchema,
  dueOnIssue,
  followUpDueOn,
  followUpRank,
  isSendingTime,
} from "../../src/follow-ups/follow-ups.js";
import type { BusinessHours } from "../../src/settings/settings.js";
import { WebReceptionFieldsSchema } from "../../src/public/public.js";

const general = SHIPPED_FOLLOW_UP_TEMPLATES.find((template) => template.id === "general")!;
const goodAnswers = { condition: "better", sideEffects: [], missedDoses: "none", leftover: "no", callRequest: "no" };

describe("the shipped templates", () => {
  it("are the five of docs/rules.md#continuity-of-care, each valid, with a 電話を希望 question", () => {
    expect(SHIPPED_FOLLOW_UP_TEMPLATES.map((template) => template.name)).toEqual([
      "一般",
      "新しく始まったお薬",
      "吸入薬",
      "抗凝固薬",
      "糖尿病",
    ]);
    expect(FollowUpTemplatesSchema.safeParse({ templates: SHIPPED_FOLLOW_UP_TEMPLATES }).success).toBe(true);
    for (const template of SHIPPED_FOLLOW_UP_TEMPLATES)
      expect(template.questions.filter((question) => question.callRequest)).toHaveLength(1);
  });
});

describe("a template an admin writes", () => {
  const question = {
    key: "q1",
    label: "体調は？",
    kind: "choice",
    options: [
      { value: "a", label: "良い" },
      { value: "b", label: "悪い" },
    ],
    alertValues: ["b"],
  };
  it("takes up to 8 questions with alerts among their options", () => {
    expect(FollowUpTemplateSchema.safeParse({ id: "mine", name: "自分用", questions: [question] }).success).toBe(true);
    const nine = Array.from({ length: 9 }, (_, index) => ({ ...question, key: `q${index}` }));
    expect(FollowUpTemplateSchema.safeParse({ id: "mine", name: "自分用", questions: nine }).success).toBe(false);
  });
  it("refuses an alert that is not an option, a choice of one option, a call request that is not yes/no, and duplicate keys", () => {
    const bad = [
      { ...question, alertValues: ["c"] },
      { ...question, options: [{ value: "a", label: "良い" }], alertValues: [] },
      { ...question, callRequest: true },
      { key: "t", label: "自由", kind: "text", alertValues: ["x"] },
    ];
    for (const one of bad)
      expect(
        FollowUpTemplateSchema.safeParse({ id: "mine", name: "自分用", questions: [one] }).success,
        JSON.stringify(one),
      ).toBe(false);
    expect(
      FollowUpTemplateSchema.safeParse({ id: "mine", name: "自分用", questions: [question, question] }).success,
    ).toBe(false);
    expect(FollowUpTemplatesSchema.safeParse({ templates: [general, general] }).success).toBe(false);
    expect(FollowUpTemplatesSchema.safeParse({ templates: [] }).success).toBe(false);
  });
});

describe("the patient's answers", () => {
  it("fit their questions", () => {
    expect(followUpAnswerIssues(general.questions, goodAnswers)).toEqual([]);
    expect(followUpAnswerIssues(general.questions, { ...goodAnswers, questions: "夜に咳が出ます" })).toEqual([]);
  });
  it("are refused when a required one is missing, a value is not offered, or a key is unknown", () => {
    const { condition: _missing, ...withoutCondition } = goodAnswers;
    expect(followUpAnswerIssues(general.questions, withoutCondition)).toEqual([
      { path: ["condition"], message: "必須項目です" },
    ]);
    expect(followUpAnswerIssues(general.questions, { ...goodAnswers, condition: "great" })[0]?.path).toEqual([
      "condition",
    ]);
    expect(followUpAnswerIssues(general.questions, { ...goodAnswers, sideEffects: ["rash", "rash"] })[0]?.path).toEqual(
      ["sideEffects"],
    );
    expect(followUpAnswerIssues(general.questions, { ...goodAnswers, sideEffects: "rash" })[0]?.path).toEqual([
      "sideEffects",
    ]);
    expect(followUpAnswerIssues(general.questions, { ...goodAnswers, extra: "x" })[0]?.path).toEqual(["extra"]);
    expect(followUpAnswerIssues(general.questions, { ...goodAnswers, questions: ["a"] })[0]?.path).toEqual([
      "questions",
    ]);
  });
  it("raise alerts on the alert values and 電話を希望 on yes", () => {
    expect(followUpAlertsOf(general.questions, goodAnswers)).toEqual({ alertKeys: [], callRequested: false });
    expect(
      followUpAlertsOf(general.questions, {
        ...goodAnswers,
        condition: "worse",
        sideEffects: ["sleepy", "rash"],
        callRequest: "yes",
      }),
    ).toEqual({
      alertKeys: ["condition", "sideEffects", "callRequest"],
      callRequested: true,
    });
    expect(followUpAlertsOf(general.questions, undefined)).toEqual({ alertKeys: [], callRequested: false });
  });
  it("read as their labels", () => {
    const [condition, sideEffects] = general.questions;
    expect(followUpAnswerText(condition!, "worse")).toBe("悪くなった");
    expect(followUpAnswerText(sideEffects!, ["rash", "sleepy"])).toBe("発疹・かゆみ、眠気");
    expect(followUpAnswerText(sideEffects!, [])).toBe("なし");
    expect(followUpAnswerText(condition!, undefined)).toBe("（未回答）");
  });
});

describe("planning and closing", () => {
  it("takes a day or days after, not both and not neither", () => {
    expect(PlanFollowUpSchema.safeParse({ daysAfter: 7, template: "general", channel: "email" }).success).toBe(true);
    expect(PlanFollowUpSchema.safeParse({ dueOn: "2026-12-01", template: "general", channel: "phone" }).success).toBe(
      true,
    );
    expect(
      PlanFollowUpSchema.safeParse({ dueOn: "2026-12-01", daysAfter: 7, template: "general", channel: "phone" })
        .success,
    ).toBe(false);
    expect(PlanFollowUpSchema.safeParse({ template: "general", channel: "phone" }).success).toBe(false);
    expect(PlanFollowUpSchema.safeParse({ daysAfter: 0, template: "general", channel: "phone" }).success).toBe(false);
    expect(PlanFollowUpSchema.safeParse({ daysAfter: 7, template: "general", channel: "line" }).success).toBe(true);
    expect(PlanFollowUpSchema.safeParse({ daysAfter: 7, template: "general", channel: "fax" }).success).toBe(false);
  });
  it("falls due on the day, or days after today, within 180 days from today", () => {
    expect(followUpDueOn({ daysAfter: 7 }, "2026-11-26")).toBe("2026-12-03");
    expect(followUpDueOn({ dueOn: "2026-12-01" }, "2026-11-26")).toBe("2026-12-01");
    expect(dueOnIssue("2026-11-25", "2026-11-26")).not.toBeNull();
    expect(dueOnIssue("2026-11-26", "2026-11-26")).toBeNull();
    expect(dueOnIssue("2027-05-25", "2026-11-26")).toBeNull();
    expect(dueOnIssue("2027-05-26", "2026-11-26")).not.toBeNull();
  });
  it("closes only with 対応内容", () => {
    expect(UpdateFollowUpSchema.safeParse({ status: "closed", note: "電話で確認しました" }).success).toBe(true);
    expect(UpdateFollowUpSchema.safeParse({ status: "closed" }).success).toBe(false);
    expect(UpdateFollowUpSchema.safeParse({ status: "closed", note: "  " }).success).toBe(false);
    expect(UpdateFollowUpSchema.safeParse({ status: "sent", note: "x" }).success).toBe(false);
    expect(UpdateFollowUpSchema.safeParse({ findings: "眠気あり" }).success).toBe(true);
    expect(UpdateFollowUpSchema.safeParse({}).success).toBe(false);
  });
  it("puts 電話を希望 first, then other alerts and no answer, then answered, then the rest, closed last", () => {
    const rows = [
      { status: "closed", flags: ["alert"] },
      { status: "scheduled", flags: [] },
      { status: "answered", flags: [] },
      { status: "no_answer", flags: ["noAnswer"] },
      { status: "answered", flags: ["alert", "callRequested"] },
    ] as const;
    expect(rows.map((row) => followUpRank({ status: row.status, flags: [...row.flags] }))).toEqual([4, 3, 2, 1, 0]);
  });
});

describe("consent", () => {
  it("needs consent and an e-mail or a phone", () => {
    expect(CareContactInputSchema.safeParse({ email: "a@example.com", consent: true }).success).toBe(true);
    expect(CareContactInputSchema.safeParse({ phone: "090-1234-5678", consent: true }).success).toBe(true);
    expect(CareContactInputSchema.safeParse({ consent: true }).success).toBe(false);
    expect(CareContactInputSchema.safeParse({ email: "a@example.com", consent: false }).success).toBe(false);
    expect(CareContactInputSchema.safeParse({ phone: "", consent: true }).success).toBe(false);
  });
  it("on the web form, needs the e-mail", () => {
    const fields = { patientName: "ニチヤク", phone: "09012345678", answers: "{}" };
    expect(
      WebReceptionFieldsSchema.safeParse({ ...fields, followUpConsent: "true", email: "a@example.com" }).data
        ?.followUpConsent,
    ).toBe(true);
    expect(WebReceptionFieldsSchema.safeParse({ ...fields, followUpConsent: "true" }).success).toBe(false);
    expect(WebReceptionFieldsSchema.safeParse({ ...fields, followUpConsent: "false" }).data?.followUpConsent).toBe(
      false,
    );
    expect(WebReceptionFieldsSchema.safeParse({ ...fields, followUpConsent: "yes" }).success).toBe(false);
  });
});

describe("sending at opening time", () => {
  const hours: BusinessHours = {
    weekly: [1, 2, 3, 4, 5].map((weekday) => ({
      weekday,
      periods: [
        { start: "09:00", end: "13:00" },
        { start: "14:00", end: "18:00" },
      ],
    })),
    closedDates: [],
    openOnHolidays: false,
  };
  it("waits for the day's opening, and goes out later that day however late", () => {
    expect(isSendingTime("2026-11-26", hours, { date: "2026-11-26", time: "08:59" })).toBe(false);
    expect(isSendingTime("2026-11-26", hours, { date: "2026-11-26", time: "09:00" })).toBe(true);
    expect(isSendingTime("2026-11-26", hours, { date: "2026-11-26", time: "22:00" })).toBe(true);
    expect(isSendingTime("2026-11-27", hours, { date: "2026-11-26", time: "22:00" })).toBe(false);
  });
  it("due on a closed day, waits for the next opening", () => {
    expect(isSendingTime("2026-11-28", hours, { date: "2026-11-28", time: "10:00" })).toBe(false);
    expect(isSendingTime("2026-11-28", hours, { date: "2026-11-30", time: "08:00" })).toBe(false);
    expect(isSendingTime("2026-11-28", hours, { date: "2026-11-30", time: "09:00" })).toBe(true);
  });
});
