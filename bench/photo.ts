/**
 * What a phone sends (docs/rules.md#quality-bars): real-detail phone photos of prescriptions (3–12 MP,
 * a grained desk, sensor noise, small printed text, the JAHIS 2D code about 2.5 cm wide; made by
 * `grainyPrescriptionPhoto`) go through the web app's own downscale (apps/web/src/lib/files/downscale-image.ts)
 * in Debian's headless Chromium, which first reads the photo's codes at full size with the web app's
 * reader (zxing-wasm with apps/web/src/lib/files/photo-codes/reader-options.ts, as its worker does). Printed
 * per photo size: the original, the multipart body the form sends (the codes read included), its time at
 * 750 kbit/s (budget ≤ 10 s), the browser's read time, and the share whose code the server gets
 * (budget ≥ 95 %): the browser's reading where it found more symbols than the server's of the smaller
 * photo, as FileService.stage keeps them; reference: the same photos read by the server at full size, and the smaller photo alone.
 * Usage: npm run bench:photo [-- <photo count, default 24>]
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { chromium } from "playwright-core";
import ts from "typescript";
import { samplePrescriptionPayload } from "@pharmacy/test-support/jahis-payloads";
import { grainyPrescriptionPhoto, type GrainyShot } from "@pharmacy/test-support/grainy-photos";
import type { CodeSymbol } from "@pharmacy/contract/files/code-symbols";
import { CodeReader } from "../apps/server/src/features/files/code-reader.js";
import { READER_OPTIONS } from "../apps/web/src/lib/files/photo-codes/reader-options.js";
import { readPrescriptionCodes } from "../apps/server/src/features/receptions/prescription-codes.js";
import { seededRandom } from "@pharmacy/test-support/seeded-random";

const COUNT = Number(process.argv[2] ?? 24);
const UPLINK_BITS_PER_SECOND = 750_000;
const TIME_BUDGET_SECONDS = 10;
const READ_BUDGET = 0.95;
const MEGAPIXELS = [3, 5, 8, 12];
const ORIGIN = "http://bench.invalid";
const ZXING = path.resolve(import.meta.dirname, "../node_modules/zxing-wasm/dist");

interface Sample {
  payload: string;
  parts: number;
  shot: GrainyShot;
}

interface Result {
  sample: Sample;
  originalBytes: number;
  sentBytes: number;
  fixedBytes: number;
  width: number;
  height: number;
  readBefore: boolean;
  /** The smaller photo alone, as before the browser read the codes. */
  readSmall: boolean;
  /** What the server keeps: the browser's reading of the full photo where it has more symbols, else its own of the smaller one. */
  readAfter: boolean;
  browserReadMs: number;
}

function samples(count: number): Sample[] {
  const next = seededRandom(20261126);
  return Array.from({ length: count }, (_, index) => ({
    payload: samplePrescriptionPayload({ issuedOn: "20261126", rpCount: 1 + Math.floor(next() * 3) }),
    parts: index % 4 === 3 ? 2 : 1,
    shot: {
      megapixels: MEGAPIXELS[index % MEGAPIXELS.length]!,
      seed: 1000 + index,
      rotate: Math.round((next() - 0.5) * 16),
      noise: 10 + Math.round(next() * 10),
      landscape: index % 5 === 4,
      quality: 88 + Math.round(next() * 6),
    },
  }));
}

/** The web app's downscale module as the browser runs it (its TypeScript stripped). */
async function downscaleModule(): Promise<string> {
  const source = await readFile(
    path.resolve(import.meta.dirname, "../apps/web/src/lib/files/downscale-image.ts"),
    "utf8",
  );
  return ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
}

const holds = (symbols: CodeSymbol[], payload: string) =>
  readPrescriptionCodes([{ prescriptionId: "photo", symbols }]).get("photo")?.rx?.raw === payload;

async function symbolsIn(reader: CodeReader, photo: Buffer): Promise<CodeSymbol[]> {
  return (await reader.read(photo, "image/jpeg")).symbols ?? [];
}

const seconds = (bytes: number) => (bytes * 8) / UPLINK_BITS_PER_SECOND;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percent = (part: number, whole: number) => (whole === 0 ? "—" : `${((100 * part) / whole).toFixed(0)} %`);

const photos = new Map<string, Buffer>();
const module = await downscaleModule();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const page = await browser.newPage();
await page.route(`${ORIGIN}/**`, (route) => {
  const url = new URL(route.request().url());
  if (url.pathname === "/downscale.js") return route.fulfill({ contentType: "text/javascript", body: module });
  // the web app's reader: zxing-wasm's own files, as the worker's bundle holds them
  if (url.pathname.startsWith("/zxing/"))
    return route.fulfill({ path: path.join(ZXING, url.pathname.slice("/zxing/".length)) });
  const photo = photos.get(url.pathname);
  if (photo) return route.fulfill({ contentType: "image/jpeg", body: photo });
  return route.fulfill({
    contentType: "text/html",
    body: `<!doctype html><script type="module">
      import * as d from "/downscale.js";
      import * as z from "/zxing/es/reader/index.js";
      z.prepareZXingModule({ overrides: { locateFile: () => "/zxing/reader/zxing_reader.wasm" } });
      window.zxing = z;
      window.downscale = d;
      window.base64Of = (bytes) => {
        let binary = "";
        for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
        return btoa(binary);
      };
    </script>`,
  });
});
await page.goto(`${ORIGIN}/`);
await page.waitForFunction(() => "downscale" in globalThis);

const reader = new CodeReader();
const results: Result[] = [];
for (const [index, sample] of samples(COUNT).entries()) {
  const photo = await grainyPrescriptionPhoto(sample.payload, sample.shot, sample.parts);
  const name = `/photo/${index}.jpg`;
  photos.set(name, photo);
  // The form's multipart body with this photo, as POST /api/public/pharmacy/{slug}/reception sends it.
  const sent = await page.evaluate(
    async ({ url, options }) => {
      // The page's own globals (bench has no DOM types): what this function uses of them.
      interface Canvas {
        width: number;
        height: number;
        getContext(kind: "2d"): { drawImage(image: unknown, x: number, y: number): void } | null;
        toBlob(done: (blob: Blob | null) => void, type: string, quality: number): void;
      }
      const browser = globalThis as unknown as {
        base64Of(bytes: Uint8Array): string;
        zxing: {
          readBarcodes(
            image: Blob,
            options: object,
          ): Promise<
            { isValid: boolean; bytes: Uint8Array; sequenceIndex: number; sequenceSize: number; sequenceId: string }[]
          >;
        };
        downscale: {
          downscaleImage(file: File): Promise<File>;
          fittedSize(width: number, height: number): { width: number; height: number } | undefined;
        };
        createImageBitmap(image: Blob, options?: object): Promise<{ width: number; height: number }>;
        document: { createElement(tag: "canvas"): Canvas };
      };
      const { downscale, document, base64Of } = browser;
      const { downscaleImage } = downscale;
      const original = await (await fetch(url)).blob();
      const started = performance.now();
      const symbols = (await browser.zxing.readBarcodes(original, options))
        .filter((result) => result.isValid && result.bytes.length > 0)
        .map((result) => ({
          bytes: base64Of(result.bytes),
          index: result.sequenceIndex,
          size: result.sequenceSize,
          id: result.sequenceId,
        }));
      const browserReadMs = performance.now() - started;
      const file = await downscaleImage(new File([original], "IMG_0001.jpg", { type: "image/jpeg" }));
      const body = new FormData();
      body.append("patientName", "ヤマダ ハナコ");
      body.append("phone", "09012345678");
      body.append("answers", JSON.stringify({ visitedBefore: "no", hasAllergy: "no", genericPreference: "yes" }));
      if (symbols.length > 0) body.append("photoCodes", JSON.stringify([symbols]));
      body.append("photoConsent", "true");
      body.append("file", file);
      const bitmap = await browser.createImageBitmap(file);
      // Reference: the earlier downscale, long side 2,400 px at JPEG 0.92 whatever the bytes.
      const size = downscale.fittedSize(bitmap.width, bitmap.height) ?? bitmap;
      const fixed = await browser.createImageBitmap(original, {
        resizeWidth: size.width,
        resizeHeight: size.height,
        resizeQuality: "high",
      });
      const canvas = document.createElement("canvas");
      canvas.width = fixed.width;
      canvas.height = fixed.height;
      canvas.getContext("2d")!.drawImage(fixed, 0, 0);
      const before = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.92));
      return {
        bodyBytes: (await new Response(body).arrayBuffer()).byteLength,
        fixedBytes: before?.size ?? 0,
        width: bitmap.width,
        height: bitmap.height,
        base64: base64Of(new Uint8Array(await file.arrayBuffer())),
        symbols,
        browserReadMs,
      };
    },
    { url: `${ORIGIN}${name}`, options: READER_OPTIONS },
  );
  photos.delete(name);
  const smallSymbols = await symbolsIn(reader, Buffer.from(sent.base64, "base64"));
  results.push({
    sample,
    originalBytes: photo.length,
    sentBytes: sent.bodyBytes,
    fixedBytes: sent.fixedBytes,
    width: sent.width,
    height: sent.height,
    readBefore: holds(await symbolsIn(reader, photo), sample.payload),
    readSmall: holds(smallSymbols, sample.payload),
    readAfter: holds(sent.symbols.length > smallSymbols.length ? sent.symbols : smallSymbols, sample.payload),
    browserReadMs: sent.browserReadMs,
  });
  process.stdout.write(`\r${index + 1}/${COUNT} photos`);
}
await reader.close();
await browser.close();
process.stdout.write("\n");

const kb = (bytes: number) => `${(bytes / 1e3).toFixed(0)} KB`;
console.log(
  "photo | n  | original | 2,400 px at 0.92 (before) | sent: median / max  | max at 750 kbit/s | sent px   | browser read (median) | code read: photo / smaller photo alone / sent",
);
for (const megapixels of MEGAPIXELS) {
  const rows = results.filter((result) => result.sample.shot.megapixels === megapixels);
  if (rows.length === 0) continue;
  const longSides = [...new Set(rows.map((row) => Math.max(row.width, row.height)))].join(", ");
  const slowest = Math.max(...rows.map((r) => seconds(r.sentBytes)));
  console.log(
    [
      `${megapixels} MP`.padEnd(5),
      String(rows.length).padEnd(2),
      `${(median(rows.map((r) => r.originalBytes)) / 1e6).toFixed(1)} MB`.padEnd(8),
      `${kb(median(rows.map((r) => r.fixedBytes)))} (${seconds(median(rows.map((r) => r.fixedBytes))).toFixed(1)} s)`.padEnd(
        25,
      ),
      `${kb(median(rows.map((r) => r.sentBytes)))} / ${kb(Math.max(...rows.map((r) => r.sentBytes)))}`.padEnd(19),
      `${slowest.toFixed(1)} s`.padEnd(17),
      `${longSides} px`.padEnd(9),
      `${(median(rows.map((r) => r.browserReadMs)) / 1e3).toFixed(1)} s`.padEnd(21),
      [(r: Result) => r.readBefore, (r: Result) => r.readSmall, (r: Result) => r.readAfter]
        .map((read) => percent(rows.filter(read).length, rows.length))
        .join(" / "),
    ].join(" | "),
  );
}
const slowest = Math.max(...results.map((result) => seconds(result.sentBytes)));
const readable = results.filter((result) => result.readBefore);
const stillRead = readable.filter((result) => result.readAfter).length / Math.max(1, readable.length);
const smallAlone = readable.filter((result) => result.readSmall).length;
console.log("");
console.log(`all ${results.length} photos: slowest ${slowest.toFixed(1)} s (budget ≤ ${TIME_BUDGET_SECONDS} s)`);
console.log(
  `code the server gets: ${percent(stillRead * readable.length, readable.length)} of the ${readable.length} whose code the reader reads in the phone's photo (budget ≥ 95 %); ${results.filter((r) => r.readAfter).length} of all ${results.length}` +
    ` (the smaller photo alone: ${percent(smallAlone, readable.length)})`,
);
console.log(slowest <= TIME_BUDGET_SECONDS && stillRead >= READ_BUDGET ? "within budget" : "OVER BUDGET");
