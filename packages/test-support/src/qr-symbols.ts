import { createRequire } from "node:module";

/**
 * QR symbols of a byte payload, split over several symbols with structured append (連結) when asked:
 * the way a prescription printer draws a long JAHIS payload. The qrcode package has no structured
 * append, so its segment list gets one more kind: the 20-bit header (mode 0011, index, count − 1,
 * parity) that ISO/IEC 18004 puts before each symbol's data.
 */
const require = createRequire(import.meta.url);
const QRCode = require("qrcode") as {
  create(data: unknown, options: { errorCorrectionLevel: string }): { modules: { size: number; data: Uint8Array } };
};
const Segments = require("qrcode/lib/core/segments") as { fromArray(array: unknown[]): unknown[] };

interface StructuredAppend {
  index: number;
  total: number;
  parity: number;
}

const byteSegments = Segments.fromArray.bind(Segments);
Segments.fromArray = (array: unknown[]) =>
  array.flatMap((segment) => {
    const header = (segment as { structuredAppend?: StructuredAppend }).structuredAppend;
    if (!header) return byteSegments([segment]);
    return [
      {
        mode: { id: "StructuredAppend", bit: 0b0011, ccBits: [0, 0, 0] },
        getLength: () => 0,
        getBitsLength: () => 16,
        write(buffer: { put(value: number, bits: number): void }) {
          buffer.put(header.index, 4);
          buffer.put(header.total - 1, 4);
          buffer.put(header.parity, 8);
        },
      },
    ];
  });

/** A symbol's modules: `size` × `size`, 1 for dark. */
export interface QrMatrix {
  size: number;
  data: Uint8Array;
}

/** The symbols of `bytes`: one, or `parts` joined by structured append (split on byte boundaries). */
export function qrSymbols(bytes: Uint8Array, parts = 1): QrMatrix[] {
  if (parts <= 1) return [QRCode.create([{ data: bytes, mode: "byte" }], { errorCorrectionLevel: "M" }).modules];
  const parity = bytes.reduce((xor, byte) => xor ^ byte, 0);
  const chunk = Math.ceil(bytes.length / parts);
  return Array.from(
    { length: parts },
    (_, index) =>
      QRCode.create(
        [
          { structuredAppend: { index, total: parts, parity } },
          { data: bytes.subarray(index * chunk, (index + 1) * chunk), mode: "byte" },
        ],
        {
          errorCorrectionLevel: "M",
        },
      ).modules,
  );
}
