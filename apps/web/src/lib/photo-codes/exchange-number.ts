import type { CodeSymbol } from "@pharmacy/contract/code-symbols";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function bytesOf(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

/**
 * The 引換番号 of an e-prescription 控え among a photo's codes (SPEC §13), or undefined. The 控え's
 * parser is loaded only when a code was read, so the form's first load stays light.
 */
export async function exchangeNumberIn(symbols: readonly CodeSymbol[]): Promise<string | undefined> {
  if (symbols.length === 0) return undefined;
  const { parsePrescriptionCopy } = await import("@pharmacy/contract/prescription-copy");
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
