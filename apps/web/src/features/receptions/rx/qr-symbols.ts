import { correction, generate, mode, type Bitmap2D, type Mode } from "lean-qr";

/** One symbol to draw: its modules, and its place in a structured append (連結) when split. */
export interface QrSymbol {
  bitmap: Bitmap2D;
  /** 0-based position and count; a single symbol has position 0 of 1. */
  position: number;
  count: number;
}

/** The most symbols a structured append can join (its count field is 4 bits). */
const MAX_SYMBOLS = 16;

/** Structured append parity: the XOR of every byte of the whole (joined) payload. */
export function structuredAppendParity(payload: Uint8Array): number {
  return payload.reduce((parity, byte) => parity ^ byte, 0);
}

/** The structured append header (ISO/IEC 18004 §8): mode 0011, position, count − 1, parity. */
function structuredAppendHeader(position: number, count: number, parity: number): Mode {
  return (data) => {
    data.push(0b0011, 4);
    data.push(position, 4);
    data.push(count - 1, 4);
    data.push(parity, 8);
  };
}

/**
 * The most bytes one symbol on screen carries: version 25 at level M (117 modules), still about 5 px a
 * module in the dialog. Longer payloads are split with structured append (連結), as on paper.
 */
export const SYMBOL_MAX_BYTES = 997;

/** Byte lengths of the symbols for a payload: one when it fits, else as few equal parts as needed. */
export function symbolLengthsOf(length: number): number[] {
  const count = Math.min(MAX_SYMBOLS, Math.max(1, Math.ceil(length / SYMBOL_MAX_BYTES)));
  const base = Math.floor(length / count);
  return Array.from({ length: count }, (_, index) => base + (index < length % count ? 1 : 0));
}

/**
 * The QR symbols that carry `payload` as raw bytes (byte mode, no ECI: the JAHIS text stays Shift_JIS
 * byte for byte, as on the paper), error correction M. One symbol when it fits in
 * `SYMBOL_MAX_BYTES`, else a structured append a 2D reader joins back into the one payload.
 */
export function qrSymbolsOf(payload: Uint8Array): QrSymbol[] {
  const lengths = symbolLengthsOf(payload.length);
  const options = { minCorrectionLevel: correction.M, maxCorrectionLevel: correction.M, mask: null } as const;
  if (lengths.length === 1) {
    return [{ bitmap: generate(mode.bytes(payload), options), position: 0, count: 1 }];
  }
  const parity = structuredAppendParity(payload);
  let offset = 0;
  return lengths.map((length, position) => {
    const chunk = payload.subarray(offset, offset + length);
    offset += length;
    const bitmap = generate(
      mode.multi(structuredAppendHeader(position, lengths.length, parity), mode.bytes(chunk)),
      options,
    );
    return { bitmap, position, count: lengths.length };
  });
}
