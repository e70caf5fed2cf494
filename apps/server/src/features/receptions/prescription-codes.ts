import { parseJahis } from "@pharmacy/contract/jahis-parser";
import type { CodeReadStatus, Rx } from "@pharmacy/contract/prescription-data";
import type { CodeSymbol } from "../files/code-symbols.js";

export interface PhotoCodes {
  prescriptionId: string;
  /** null: the photo was not read (no photo, or a kind the reader does not take). */
  symbols: CodeSymbol[] | null;
}

export interface PhotoReading {
  status: CodeReadStatus;
  rx?: Rx;
}

const STATUS_RANK: Record<CodeReadStatus, number> = { none: 0, unreadable: 1, incomplete: 2, read: 3 };

const shiftJis = new TextDecoder("shift_jis");

function rxOf(bytes: Buffer): Rx | null {
  return parseJahis(shiftJis.decode(bytes));
}

/**
 * Reads the prescriptions of one reception from all its photos' symbols: a symbol standing alone is a
 * whole payload; the symbols of a split code (structured append: same id and count) are joined in
 * order across photos, and the photo holding the first symbol carries the result. A photo keeps its
 * best outcome: read > incomplete (parts missing) > unreadable (not a JAHIS payload) > none.
 */
export function readPrescriptionCodes(photos: readonly PhotoCodes[]): Map<string, PhotoReading> {
  const readings = new Map<string, PhotoReading>();
  const note = (prescriptionId: string, reading: PhotoReading) => {
    const current = readings.get(prescriptionId);
    if (!current || STATUS_RANK[reading.status] > STATUS_RANK[current.status] || (reading.rx && !current.rx)) readings.set(prescriptionId, reading);
  };
  const groups = new Map<string, { size: number; parts: Map<number, { prescriptionId: string; bytes: Buffer }> }>();

  for (const photo of photos) {
    if (photo.symbols === null) continue;
    note(photo.prescriptionId, { status: "none" });
    for (const symbol of photo.symbols) {
      const bytes = Buffer.from(symbol.bytes, "base64");
      if (symbol.size <= 1 || symbol.index < 0 || symbol.index >= symbol.size) {
        const rx = rxOf(bytes);
        note(photo.prescriptionId, rx ? { status: "read", rx } : { status: "unreadable" });
        continue;
      }
      const key = `${symbol.id}/${symbol.size}`;
      const group = groups.get(key) ?? { size: symbol.size, parts: new Map() };
      groups.set(key, group);
      if (!group.parts.has(symbol.index)) group.parts.set(symbol.index, { prescriptionId: photo.prescriptionId, bytes });
    }
  }

  for (const group of groups.values()) {
    const holders = [...group.parts.values()].map((part) => part.prescriptionId);
    if (group.parts.size < group.size) {
      for (const holder of holders) note(holder, { status: "incomplete" });
      continue;
    }
    const ordered = [...group.parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part);
    const rx = rxOf(Buffer.concat(ordered.map((part) => part.bytes)));
    if (!rx) {
      for (const holder of holders) note(holder, { status: "unreadable" });
      continue;
    }
    note(ordered[0]!.prescriptionId, { status: "read", rx });
    for (const holder of holders) note(holder, { status: "read" });
  }
  return readings;
}
