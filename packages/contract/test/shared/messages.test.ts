import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ConfirmationCodeSchema, EmailSchema, PasswordSchema, SignInPasswordSchema } from "../../src/auth/auth.js";
import {
  ExternalUrlSchema,
  FaxNumberSchema,
  PhoneNumberSchema,
  PostalCodeSchema,
  ReceptionStartNumberSchema,
  UpdatePharmacySchema,
} from "../../src/pharmacy/pharmacy.js";
import { KanaNameSchema, MobilePhoneSchema } from "../../src/public/public.js";
import { PatientNameSchema } from "../../src/receptions/patient-name.js";
import { NoteSchema, PhoneSchema } from "../../src/receptions/receptions.js";
import { AppSettingsSchema, DEFAULT_APP_SETTINGS, PeriodSchema } from "../../src/settings/settings.js";

// Without z.config(ja) zod's own fallbacks are English: any message without Japanese is one of them.
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

const FORM_FIELDS: Record<string, z.ZodType> = {
  email: EmailSchema,
  password: PasswordSchema,
  signInPassword: SignInPasswordSchema,
  code: ConfirmationCodeSchema,
  pharmacyName: UpdatePharmacySchema.shape.name.unwrap(),
  address: UpdatePharmacySchema.shape.address.unwrap(),
  notice: UpdatePharmacySchema.shape.notice.unwrap(),
  postalCode: PostalCodeSchema,
  phone: PhoneNumberSchema,
  fax: FaxNumberSchema,
  url: ExternalUrlSchema,
  startNumber: ReceptionStartNumberSchema,
  ticketMessage: AppSettingsSchema.shape.ticketMessage,
  receiveMethods: AppSettingsSchema.shape.enabledReceiveMethods,
  period: PeriodSchema,
  kanaName: KanaNameSchema,
  mobilePhone: MobilePhoneSchema,
  patientName: PatientNameSchema,
  receptionPhone: PhoneSchema,
  note: NoteSchema,
};

describe("every message a person can see is written in Japanese", () => {
  it.each(Object.entries(FORM_FIELDS))("%s: nothing entered, the wrong type or a wrong value", (_name, schema) => {
    for (const input of [undefined, null, 12.5, "", "   ", "x".repeat(3000), { start: "25:00", end: 1 }]) {
      for (const issue of schema.safeParse(input).error?.issues ?? []) expect(issue.message).toMatch(JAPANESE);
    }
  });

  it("a cleared or blank ticket message says to enter it", () => {
    for (const input of [undefined, "", "   "]) {
      expect(AppSettingsSchema.shape.ticketMessage.safeParse(input).error?.issues[0]?.message).toBe(
        "受付票のメッセージを入力してください",
      );
    }
  });
});

describe("the questions a web reception cannot do without", () => {
  const turnOff = (key: string, change: object) => ({
    ...DEFAULT_APP_SETTINGS,
    questions: {
      ...DEFAULT_APP_SETTINGS.questions,
      reserved: DEFAULT_APP_SETTINGS.questions.reserved.map((question) =>
        question.key === key ? { ...question, ...change } : question,
      ),
    },
  });

  it.each(["prescriptionType", "receiveMethod", "returnDate", "returnTimePeriod"])(
    "keeps %s shown and required for the web",
    (key) => {
      for (const change of [{ enabled: false }, { required: false }]) {
        const issues = AppSettingsSchema.safeParse(turnOff(key, change)).error?.issues ?? [];
        expect(issues).toHaveLength(1);
        expect(issues[0]!.message).toMatch(/Web受付に欠かせない質問/);
      }
    },
  );

  it("lets the return day go once patients cannot come back later, and leaves the counter's questions free", () => {
    const noReturn = {
      ...turnOff("returnDate", { enabled: false }),
      enabledReceiveMethods: ["Pharmacy", "Delivery"] as const,
    };
    expect(
      AppSettingsSchema.safeParse({ ...noReturn, enabledReceiveMethods: [...noReturn.enabledReceiveMethods] }).success,
    ).toBe(true);
    const counter = {
      ...DEFAULT_APP_SETTINGS,
      questions: {
        ...DEFAULT_APP_SETTINGS.questions,
        reception: DEFAULT_APP_SETTINGS.questions.reception.map((question) => ({ ...question, enabled: false })),
      },
    };
    expect(AppSettingsSchema.safeParse(counter).success).toBe(true);
  });
});
