import type { ReaderOptions } from "zxing-wasm/reader";

/** As the server's reader (apps/server/src/features/files/code-reader-worker.mjs); bench:photo reads with these too. */
export const READER_OPTIONS: ReaderOptions = {
  formats: ["QRCode"],
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  tryDownscale: true,
  maxNumberOfSymbols: 16,
};
