// Reads the 2D codes of one uploaded file off the event loop (a worker thread): ZXing's C++ reader as
// WebAssembly, its .wasm taken from node_modules (never fetched). Plain JavaScript so the same file runs
// from the sources (tests, tsx) and beside the compiled server. The main thread joins and parses.
import { readFileSync, readlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import convertHeic from "heic-convert";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { embeddedJpegs, flateImages, MAX_PDF_IMAGES } from "./pdf-images.mjs";

/** Nice value of this thread: a photo's codes can wait a moment, the staff's calls on the main thread cannot. */
const BACKGROUND_NICENESS = 10;

/** On Linux a thread has its own nice value, set through its thread id; elsewhere the worker keeps the process's. */
function runInBackground() {
  try {
    setPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()), BACKGROUND_NICENESS);
  } catch {
    // no /proc/thread-self: not Linux
  }
}
runInBackground();

const require = createRequire(import.meta.url);
const wasm = readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
prepareZXingModule({
  overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
  fireImmediately: true,
});

const READER_OPTIONS = {
  formats: ["QRCode"],
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  tryDownscale: true,
  maxNumberOfSymbols: 16,
};
async function symbolsOf(image) {
  const results = await readBarcodes(new Uint8Array(image), READER_OPTIONS);
  return results
    .filter((result) => result.isValid && result.bytes.length > 0)
    .map((result) => ({
      bytes: Buffer.from(result.bytes).toString("base64"),
      index: result.sequenceIndex,
      size: result.sequenceSize,
      id: result.sequenceId,
    }));
}

/** A PDF's page images as files the reader takes: its JPEGs as they are, its Flate images as PNG. */
async function pdfPages(pdf, maxPixels) {
  const raw = flateImages(pdf, maxPixels);
  if (raw.length === 0) return embeddedJpegs(pdf);
  const { default: sharp } = await import("sharp");
  const pngs = await Promise.all(
    raw.map(({ data, width, height, channels }) =>
      sharp(data, { raw: { width, height, channels } }).png({ compressionLevel: 1 }).toBuffer(),
    ),
  );
  return [...embeddedJpegs(pdf), ...pngs].slice(0, MAX_PDF_IMAGES);
}

async function read({ data, contentType, maxPixels }) {
  const bytes = Buffer.from(data);
  let jpeg;
  let images = [bytes];
  if (contentType === "image/heic") {
    jpeg = Buffer.from(await convertHeic({ buffer: bytes, format: "JPEG", quality: 0.9 }));
    images = [jpeg];
  } else if (contentType === "application/pdf") {
    images = await pdfPages(bytes, maxPixels);
  }
  const symbols = [];
  for (const image of images) symbols.push(...(await symbolsOf(image)));
  return { symbols, jpeg };
}

parentPort.on("message", async ({ id, data, contentType, maxPixels }) => {
  try {
    const { symbols, jpeg } = await read({ data, contentType, maxPixels });
    parentPort.postMessage({ id, symbols, jpeg });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
