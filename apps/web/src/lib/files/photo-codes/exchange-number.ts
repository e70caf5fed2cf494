import type { CodeSymbol } from "@pharmacy/contract/files/code-symbols";
import { parsePrescriptionCopy } from "@pharmacy/contract/files/prescription-copy";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function bytesOf(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

/** The 引換番号 of an e-prescription 控え among a photo's codes (docs/rules.md#every-code-a-patient-brings), or undefined. */
export function exchangeNumberIn(symbols: readonly CodeSymbol[]): string | undefined {
  for (const symbol of symbols) {
    let text: string;
    try {
      text = strictUtf8.decode(bytesOf(symbol.bytes));
    } catch {
      // a Shift_JIS code: not a 控え
      continue;
    }
    const copy = parsePrescriptionCopy(text);
    if (copy) return copy.exchangeNumber;
  }
  return undefined;
}
