import * as z from "../shared/zod.js";
import { safeCodeText } from "./code-text.js";
import { firstDate, integer, isNameText, recordFields } from "./jahis-fields.js";
import { ApiDateSchema } from "../receptions/questions.js";

/**
 * お薬手帳 codes (docs/rules.md#every-code-a-patient-brings): the QR on a 調剤明細書 or お薬手帳 sticker, JAHIS 電子版お薬手帳データフォーマット
 * (first line `JAHISTC08,1`; layout in JAHIS-LAYOUTS.md). Not a prescription: the patient's record of
 * what was dispensed, shown to the pharmacist before the patient arrives.
 */

const text = z.string();

export const MedicationRecordDrugSchema = z.object({
  name: text,
  /** 用量 and 単位名 as printed ("1", "錠"). */
  amount: text,
  unit: text,
  /** 用法名称 of the drug's RP (record 301). */
  usage: text,
  /** 調剤数量 when it counts days (日分); null for 回分 and the like. */
  days: z.number().int().nullable(),
});
export type MedicationRecordDrug = z.infer<typeof MedicationRecordDrugSchema>;

export const MedicationRecordEntrySchema = z.object({
  /** 調剤等年月日 (record 5). */
  dispensedOn: ApiDateSchema.nullable(),
  /** 調剤-医療機関等 名称 (record 11): the pharmacy that dispensed. */
  pharmacy: text,
  drugs: z.array(MedicationRecordDrugSchema),
});
export type MedicationRecordEntry = z.infer<typeof MedicationRecordEntrySchema>;

export const MedicationRecordSchema = z.object({
  /** "JAHISTC08", … */
  version: text,
  entries: z.array(MedicationRecordEntrySchema),
  /** The payload as decoded from Shift_JIS. */
  raw: text,
});
export type MedicationRecord = z.infer<typeof MedicationRecordSchema>;

/** Each dispensing's RPs as they come: drugs (201) first, their usage (301) after them. */
interface OpenEntry {
  entry: MedicationRecordEntry;
  rps: Map<string, { drugs: MedicationRecordDrug[]; usage: string; days: number | null }>;
}

function closed({ entry, rps }: OpenEntry): MedicationRecordEntry {
  const drugs = [...rps.values()].flatMap((rp) =>
    rp.drugs.map((drug) => ({ ...drug, usage: rp.usage, days: rp.days })),
  );
  return { ...entry, drugs };
}

/** The medication record of a `JAHISTC…` payload; null for anything else. Never throws. */
export function parseMedicationRecord(payload: string): MedicationRecord | null {
  try {
    return parse(safeCodeText(payload));
  } catch {
    return null;
  }
}

/** More dispensings than this on one sticker are not a real sticker. */
const MAX_ENTRIES = 100;

function parse(payload: string): MedicationRecord | null {
  const lines = payload.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const version = (lines[0] ?? "").split(",")[0]!.trim();
  if (!/^JAHISTC\d*$/i.test(version)) return null;
  const entries: MedicationRecordEntry[] = [];
  let open: OpenEntry | undefined;
  const current = (): OpenEntry => {
    open ??= { entry: { dispensedOn: null, pharmacy: "", drugs: [] }, rps: new Map() };
    return open;
  };
  const rp = (number: string) => {
    const rps = current().rps;
    const found = rps.get(number) ?? { drugs: [], usage: "", days: null };
    rps.set(number, found);
    return found;
  };

  for (const line of lines.slice(1)) {
    const { record, fields: f } = recordFields(line);
    switch (record) {
      case "5":
        // 調剤等年月日 starts the next dispensing.
        if (open) entries.push(closed(open));
        if (entries.length >= MAX_ENTRIES) return { version, entries, raw: payload };
        open = { entry: { dispensedOn: firstDate(f), pharmacy: "", drugs: [] }, rps: new Map() };
        break;
      case "11":
        current().entry.pharmacy = isNameText(f[0] ?? "") ? f[0]! : "";
        break;
      case "201":
        if (isNameText(f[1] ?? ""))
          rp(f[0] ?? "").drugs.push({ name: f[1]!, amount: f[2] ?? "", unit: f[3] ?? "", usage: "", days: null });
        break;
      case "301": {
        const target = rp(f[0] ?? "");
        target.usage = isNameText(f[1] ?? "") ? f[1]! : "";
        target.days = (f[3] ?? "").includes("日") ? integer(f[2]) : null;
        break;
      }
      default:
      // patient (1), prescriber (51, 55), pharmacist (15), notes and the rest: not shown at reception.
    }
  }
  if (open) entries.push(closed(open));
  return { version, entries, raw: payload };
}
