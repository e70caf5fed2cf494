import * as z from "../shared/zod.js";
import { safeCodeText } from "./code-text.js";
import { toHalfWidthDigits } from "../shared/half-width.js";
import { fullDate } from "./jahis-fields.js";
import { ApiDateSchema } from "../receptions/questions.js";
import { EXCHANGE_NUMBER_MAX_DIGITS } from "./prescription-data.js";

/**
 * 電子処方箋の控え (処方内容（控え）, docs/rules.md#every-code-a-patient-brings): its QR is UTF-8 text of one line,
 * `保険者番号,被保険者証記号,被保険者証番号,被保険者証枝番,生年月日,引換番号` (JAHIS-LAYOUTS.md says where
 * this layout comes from). Read from a photo it fills the prescription's 引換番号.
 */
export const PrescriptionCopySchema = z.object({
  insurerNumber: z.string(),
  symbol: z.string(),
  number: z.string(),
  branch: z.string(),
  /** YYYY-MM-DD. */
  birthDate: ApiDateSchema,
  /** 引換番号, half-width digits. */
  exchangeNumber: z.string(),
  raw: z.string(),
});
export type PrescriptionCopy = z.infer<typeof PrescriptionCopySchema>;

const FIELD_COUNT = 6;
const MAX_FIELD = 40;

/** The 控え of a payload in that layout; null for anything else (a JAHIS payload, a URL, …). Never throws. */
export function parsePrescriptionCopy(payload: string): PrescriptionCopy | null {
  const raw = safeCodeText(payload);
  const fields = raw
    .trim()
    .split(",")
    .map((value) => value.trim());
  if (fields.length !== FIELD_COUNT || fields.some((value) => value.length > MAX_FIELD)) return null;
  const [insurerNumber, symbol, number, branch, birth, exchange] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const exchangeNumber = toHalfWidthDigits(exchange).replace(/[\s-]/g, "");
  const birthDate = fullDate(birth);
  if (
    !birthDate ||
    !/^\d{0,8}$/.test(insurerNumber) ||
    !new RegExp(`^\\d{1,${EXCHANGE_NUMBER_MAX_DIGITS}}$`).test(exchangeNumber)
  )
    return null;
  return { insurerNumber, symbol, number, branch, birthDate, exchangeNumber, raw };
}
