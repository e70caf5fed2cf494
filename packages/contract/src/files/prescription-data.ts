import * as z from "../shared/zod.js";
import { addDays, type BusinessClock } from "../calendar/business-calendar.js";
import { toHalfWidthDigits } from "../shared/half-width.js";
import { ApiDateSchema } from "../receptions/questions.js";

/**
 * The prescription as its JAHIS 2D code holds it (docs/rules.md#prescription-data, record layout in JAHIS.md), parsed by
 * `jahis-parser.ts`. Every text field is the payload's own text ("" when the record or field is
 * missing): the pharmacy's レセコン is the authority, this is what staff read before it.
 */

const text = z.string();

export const RxDrugSchema = z.object({
  /** 薬品コード and its kind (2: 厚労省コード (YJ), 6: 一般名コード, …) as printed. */
  code: text,
  codeType: text,
  /** May be empty when only the code is printed: show the code then. */
  name: text,
  /** 分量 as printed ("1", "0.5"). */
  amount: text,
  unit: text,
  /** 薬品補足 (record 281) and other per-drug notes. */
  notes: z.array(text),
});
export type RxDrug = z.infer<typeof RxDrugSchema>;

export const RxGroupSchema = z.object({
  rpNumber: z.number().int(),
  dosageForm: text,
  dosageFormCode: text,
  /** 調剤数量: days for 内服, times for 頓服; null when missing. */
  days: z.number().int().nullable(),
  usage: text,
  usageCode: text,
  timesPerDay: z.number().int().nullable(),
  /** 分割 (record 102): this time's days of the RP's total. */
  split: z.object({ days: z.number().int(), totalDays: z.number().int() }).optional(),
  /** 用法補足 (record 181). */
  usageNotes: z.array(text),
  drugs: z.array(RxDrugSchema),
});
export type RxGroup = z.infer<typeof RxGroupSchema>;

export const RxSexSchema = z.enum(["male", "female"]);

export const RxSchema = z.object({
  /** "JAHIS10", "JAHIS5", … */
  version: text,
  /** 交付年月日 (record 51). */
  issuedOn: ApiDateSchema.nullable(),
  /** 使用期間 of record 52 when the doctor set one, else 交付日 + 3 days (`usableUntilOf`). */
  usableUntil: ApiDateSchema.nullable(),
  institution: z.object({
    code: text,
    prefecture: text,
    name: text,
    postalCode: text,
    address: text,
    phone: text,
    department: text,
  }),
  doctor: z.object({ name: text, kana: text }),
  patient: z.object({
    name: text,
    kana: text,
    sex: RxSexSchema.nullable(),
    /** YYYY-MM-DD, or YYYY-MM / YYYY when the code gives only that much. */
    birthDate: z.string().nullable(),
  }),
  insurance: z.object({
    /** 保険種別 code: 1 医保, 2 国保, 3 労災, 4 自賠責, 5 公害, 6 自費, 7 後期高齢者. */
    kind: text,
    insurerNumber: text,
    symbol: text,
    number: text,
    /** 1 被保険者, 2 被扶養者. */
    relation: text,
    branch: text,
    /** 患者負担率 (%), as printed. */
    patientRate: text,
    publicExpenses: z.array(z.object({ payerNumber: text, recipientNumber: text })),
  }),
  rps: z.array(RxGroupSchema),
  /** リフィル処方箋 (record 64): how many times it may be used in all. */
  refill: z.object({ totalUses: z.number().int() }).optional(),
  /** 分割調剤 (record 63): this is dispensing `current` of `total`. */
  splitDispensing: z.object({ total: z.number().int(), current: z.number().int() }).optional(),
  /** 患者一部負担区分 (record 14) code as printed. */
  burdenCategory: text.optional(),
  /** 職務上の事由 (record 25) code as printed. */
  occupationalReason: text.optional(),
  /** レセプト種別 (record 31) code as printed. */
  receiptType: text.optional(),
  /** 麻薬施用者免許番号 (record 61), when the prescription holds a narcotic. */
  narcoticLicenseNumber: text.optional(),
  /** 残薬確認 (record 62) flag as printed. */
  leftoverCheck: text.optional(),
  /** 備考 (record 81). */
  remarks: z.array(text),
  /** 処方箋番号 (record 82). */
  prescriptionNumber: text.optional(),
  /** Lines of records this parser does not know, kept as they came. */
  unknownRecords: z.array(text),
  /** The whole payload as decoded from Shift_JIS: 「QRを表示」 redraws exactly this. */
  raw: text,
});
export type Rx = z.infer<typeof RxSchema>;

/**
 * What reading a photo's 2D code gave, per photo: `read` (all its symbols joined and parsed; the
 * prescription holding the first symbol carries `rx`), `incomplete` (symbols of a split code are
 * missing: another photo may bring them), `unreadable` (a code was found but is not a readable JAHIS
 * prescription), `none` (no code found). Absent when there is no photo to read.
 */
export const CodeReadStatusSchema = z.enum(["read", "incomplete", "unreadable", "none"]);
export type CodeReadStatus = z.infer<typeof CodeReadStatusSchema>;

export const CODE_READ_STATUS_LABELS: Record<CodeReadStatus, string> = {
  read: "QRコードを読み取りました",
  incomplete: "QRコードの一部しか読み取れませんでした",
  unreadable: "QRコードを読み取れませんでした",
  none: "QRコードが見つかりませんでした",
};

/** 交付の日を含めて4日以内 (療担規則 第20条). */
export const USABLE_DAYS_INCLUDING_ISSUE = 4;

/** The last usable day: record 52 when it is later, else the issue date + 3 days. */
export function usableUntilOf(issuedOn: string, lastDayFromRecord?: string | null): string {
  const standard = addDays(issuedOn, USABLE_DAYS_INCLUDING_ISSUE - 1);
  return lastDayFromRecord && lastDayFromRecord > standard ? lastDayFromRecord : standard;
}

export const ValidityFlagSchema = z.enum(["expired", "lastDay", "oneDayLeft"]);
export type ValidityFlag = z.infer<typeof ValidityFlagSchema>;

export const VALIDITY_FLAG_LABELS: Record<ValidityFlag, string> = {
  expired: "期限切れ",
  lastDay: "本日まで",
  oneDayLeft: "あと1日",
};

/** 期限切れ / 本日まで / あと1日 on the pharmacy's business day, or null while more days are left. */
export function validityFlagOf(usableUntil: string, clock: Pick<BusinessClock, "date">): ValidityFlag | null {
  if (usableUntil < clock.date) return "expired";
  if (usableUntil === clock.date) return "lastDay";
  if (usableUntil === addDays(clock.date, 1)) return "oneDayLeft";
  return null;
}

/** The earliest last usable day among a reception's read prescriptions; undefined when none was read. */
export function lastUsableDayOf(
  prescriptions: readonly { rx?: Pick<Rx, "usableUntil"> | undefined }[],
): string | undefined {
  return prescriptions
    .map((prescription) => prescription.rx?.usableUntil)
    .filter((date): date is string => typeof date === "string")
    .sort()[0];
}

/** Whether a return date falls after the last usable day of the prescriptions whose code was read. */
export function isReturnDateAfterUsable(
  returnDate: string,
  prescriptions: readonly { rx?: Pick<Rx, "usableUntil"> | undefined }[],
): boolean {
  const lastDay = lastUsableDayOf(prescriptions);
  return lastDay !== undefined && returnDate > lastDay;
}

/** 引換番号 of an electronic prescription: digits (full-width typed ones normalised); "" clears it. */
export const EXCHANGE_NUMBER_MAX_DIGITS = 20;
export const ExchangeNumberSchema = z
  .string({ error: "引換番号を入力してください" })
  .transform((value) => toHalfWidthDigits(value).replace(/[\s-]/g, ""))
  .pipe(z.string().regex(new RegExp(`^\\d{0,${EXCHANGE_NUMBER_MAX_DIGITS}}$`), "引換番号は数字で入力してください"));
