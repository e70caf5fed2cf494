import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

const require = createRequire(import.meta.url);
// The reader's .wasm from node_modules: its default CDN is out of reach here.
prepareZXingModule({
  overrides: { wasmBinary: readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")).buffer as ArrayBuffer },
  fireImmediately: true,
});

/** The QR symbols zxing finds in a picture: raw bytes and structured append place (-1 when single). */
export async function readQrCodes(
  picture: Buffer,
): Promise<{ bytes: Uint8Array; sequenceIndex: number; sequenceSize: number }[]> {
  const found = await readBarcodes(new Uint8Array(picture), { formats: ["QRCode"], tryHarder: true });
  return found
    .filter((result) => result.isValid)
    .map(({ bytes, sequenceIndex, sequenceSize }) => ({ bytes, sequenceIndex, sequenceSize }));
}
