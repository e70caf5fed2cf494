import { parseJahis } from "@pharmacy/contract/files/jahis-parser";
import { parseMedicationRecord, type MedicationRecord } from "@pharmacy/contract/files/medication-record";
import { parsePrescriptionCopy, type PrescriptionCopy } from "@pharmacy/contract/files/prescription-copy";
import type { CodeReadStatus, Rx } from "@pharmacy/contract/files/prescription-data";
import type { CodeSymbol } from "../../db/schema.js";

export interface PhotoCodes {
  prescriptionId: string;
  /** null: the photo was not read (no photo, or a kind the reader does not take). */
  symbols: CodeSymbol[] | null;
}

/** What one code holds: a prescription, an お薬手帳 record or an e-prescription's 控え (docs/rules.md#every-code-a-patient-brings). */
type CodeContent = { rx: Rx } | { medicationRecord: MedicationRecord } | { prescriptionCopy: PrescriptionCopy };

export type PhotoReading = { status: CodeReadStatus } & Partial<{
  rx: Rx;
  medicationRecord: MedicationRecord;
  prescriptionCopy: PrescriptionCopy;
}>;

const STATUS_RANK: Record<CodeReadStatus, number> = { none: 0, unreadable: 1, incomplete: 2, read: 3 };

const shiftJis = new TextDecoder("shift_jis");
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A 控え is UTF-8, the JAHIS codes Shift_JIS: bytes that are valid UTF-8 are tried as a 控え first
 * (Shift_JIS Japanese is almost never valid UTF-8), then as Shift_JIS. Invalid bytes decode to U+FFFD
 * and the parsers drop control characters, so no byte a code holds can fail the upload.
 */
function contentOf(bytes: Buffer): CodeContent | null {
  let utf8: string | undefined;
  try {
    utf8 = strictUtf8.decode(bytes);
  } catch {
    // not UTF-8: a Shift_JIS code
  }
  const prescriptionCopy = utf8 === undefined ? null : parsePrescriptionCopy(utf8);
  if (prescriptionCopy) return { prescriptionCopy };
  const text = shiftJis.decode(bytes);
  const medicationRecord = parseMedicationRecord(text);
  if (medicationRecord) return { medicationRecord };
  const rx = parseJahis(text);
  return rx && { rx };
}

const readingOf = (content: CodeContent | null): PhotoReading =>
  content ? { status: "read", ...content } : { status: "unreadable" };

/**
 * Reads the codes of one reception from all its photos' symbols: a symbol standing alone is a
 * whole payload; the symbols of a split code (structured append: same id and count) are joined in
 * order across photos, and the photo holding the first symbol carries what they hold. A photo keeps its
 * best outcome: read > incomplete (parts missing) > unreadable (not a JAHIS payload) > none.
 */
export function readPrescriptionCodes(photos: readonly PhotoCodes[]): Map<string, PhotoReading> {
  const readings = new Map<string, PhotoReading>();
  const note = (prescriptionId: string, reading: PhotoReading) => {
    const current = readings.get(prescriptionId);
    if (!current) readings.set(prescriptionId, reading);
    // One photo may hold a prescription's code and an お薬手帳 code: it keeps what each gave.
    else
      readings.set(prescriptionId, {
        ...current,
        ...reading,
        status: STATUS_RANK[reading.status] > STATUS_RANK[current.status] ? reading.status : current.status,
      });
  };
  const groups = new Map<string, { size: number; parts: Map<number, { prescriptionId: string; bytes: Buffer }> }>();

  for (const photo of photos) {
    if (photo.symbols === null) continue;
    note(photo.prescriptionId, { status: "none" });
    for (const symbol of photo.symbols) {
      const bytes = Buffer.from(symbol.bytes, "base64");
      if (symbol.size <= 1 || symbol.index < 0 || symbol.index >= symbol.size) {
        note(photo.prescriptionId, readingOf(contentOf(bytes)));
        continue;
      }
      const key = `${symbol.id}/${symbol.size}`;
      const group = groups.get(key) ?? { size: symbol.size, parts: new Map() };
      groups.set(key, group);
      if (!group.parts.has(symbol.index))
        group.parts.set(symbol.index, { prescriptionId: photo.prescriptionId, bytes });
    }
  }

  for (const group of groups.values()) {
    const holders = [...group.parts.values()].map((part) => part.prescriptionId);
    if (group.parts.size < group.size) {
      for (const holder of holders) note(holder, { status: "incomplete" });
      continue;
    }
    const ordered = [...group.parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part);
    const content = contentOf(Buffer.concat(ordered.map((part) => part.bytes)));
    if (!content) {
      for (const holder of holders) note(holder, { status: "unreadable" });
      continue;
    }
    note(ordered[0]!.prescriptionId, readingOf(content));
    for (const holder of holders) note(holder, { status: "read" });
  }
  return readings;
}
