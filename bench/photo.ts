/**
 * What a phone sends (issue 21 item 1, SPEC §6): real-detail phone photos of prescriptions (3–12 MP,
 * a grained desk, sensor noise, small printed text, the JAHIS 2D code about 2.5 cm wide; made by
 * `grainyPrescriptionPhoto`) go through the web app's own downscale (apps/web/src/lib/downscale-image.ts)
 * in Debian's headless Chromium. Printed per photo size: the original, the multipart body the form
 * sends, its time at 750 kbit/s (budget ≤ 10 s), and the share whose code the server's reader still
 * reads (budget ≥ 95 %); reference: the same photos read before the downscale.
 * Usage: npm run bench:photo [-- <photo count, default 24>]
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { chromium } from "playwright-core";
import ts from "typescript";
import { samplePrescriptionPayload } from "@pharmacy/test-support/jahis-payloads";
import { grainyPrescriptionPhoto, type GrainyShot } from "@pharmacy/test-support/grainy-photos";
import { CodeReader } from "../apps/server/src/features/files/code-reader.js";
import { readPrescriptionCodes } from "../apps/server/src/features/receptions/prescription-codes.js";
import { seededRandom } from "@pharmacy/test-support/seeded-random";

const COUNT = Number(process.argv[2] ?? 24);
const UPLINK_BITS_PER_SECOND = 750_000;
const TIME_BUDGET_SECONDS = 10;
const READ_BUDGET = 0.95;
const MEGAPIXELS = [3, 5, 8, 12];
const ORIGIN = "http://bench.invalid";

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
  readAfter: boolean;
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
  const source = await readFile(path.resolve(import.meta.dirname, "../apps/web/src/lib/downscale-image.ts"), "utf8");
  return ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
}

async function reads(reader: CodeReader, photo: Buffer, payload: string): Promise<boolean> {
  const { symbols } = await reader.read(photo, "image/jpeg");
  return readPrescriptionCodes([{ prescriptionId: "photo", symbols }]).get("photo")?.rx?.raw === payload;
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
  const photo = photos.get(url.pathname);
  if (photo) return route.fulfill({ contentType: "image/jpeg", body: photo });
  return route.fulfill({ contentType: "text/html", body: `<!doctype html><script type="module">import * as d from "/downscale.js"; window.downscale = d;</script>` });
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
  const sent = await page.evaluate(async (url) => {
    // The page's own globals (bench has no DOM types): what this function uses of them.
    interface Canvas {
      width: number;
      height: number;
      getContext(kind: "2d"): { drawImage(image: unknown, x: number, y: number): void } | null;
      toBlob(done: (blob: Blob | null) => void, type: string, quality: number): void;
    }
    const browser = globalThis as unknown as {
      downscale: { downscaleImage(file: File): Promise<File>; fittedSize(width: number, height: number): { width: number; height: number } | undefined };
      createImageBitmap(image: Blob, options?: object): Promise<{ width: number; height: number }>;
      document: { createElement(tag: "canvas"): Canvas };
    };
    const { downscale, document } = browser;
    const { downscaleImage } = downscale;
    const original = await (await fetch(url)).blob();
    const file = await downscaleImage(new File([original], "IMG_0001.jpg", { type: "image/jpeg" }));
    const body = new FormData();
    body.append("patientName", "ヤマダ ハナコ");
    body.append("phone", "09012345678");
    body.append("answers", JSON.stringify({ visitedBefore: "no", hasAllergy: "no", genericPreference: "yes" }));
    body.append("photos", file);
    const bitmap = await browser.createImageBitmap(file);
    // Reference: the downscale before issue 21, long side 2,400 px at JPEG 0.92 whatever the bytes.
    const size = downscale.fittedSize(bitmap.width, bitmap.height) ?? bitmap;
    const fixed = await browser.createImageBitmap(original, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: "high" });
    const canvas = document.createElement("canvas");
    canvas.width = fixed.width;
    canvas.height = fixed.height;
    canvas.getContext("2d")!.drawImage(fixed, 0, 0);
    const before = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.92));
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return { bodyBytes: (await new Response(body).arrayBuffer()).byteLength, fixedBytes: before?.size ?? 0, width: bitmap.width, height: bitmap.height, base64: btoa(binary) };
  }, `${ORIGIN}${name}`);
  photos.delete(name);
  const small = Buffer.from(sent.base64, "base64");
  results.push({
    sample,
    originalBytes: photo.length,
    sentBytes: sent.bodyBytes,
    fixedBytes: sent.fixedBytes,
    width: sent.width,
    height: sent.height,
    readBefore: await reads(reader, photo, sample.payload),
    readAfter: await reads(reader, small, sample.payload),
  });
  process.stdout.write(`\r${index + 1}/${COUNT} photos`);
}
await reader.close();
await browser.close();
process.stdout.write("\n");

const kb = (bytes: number) => `${(bytes / 1e3).toFixed(0)} KB`;
console.log("photo | n  | original | 2,400 px at 0.92 (before) | sent: median / max  | max at 750 kbit/s | sent px   | code read: photo / sent");
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
      `${kb(median(rows.map((r) => r.fixedBytes)))} (${seconds(median(rows.map((r) => r.fixedBytes))).toFixed(1)} s)`.padEnd(25),
      `${kb(median(rows.map((r) => r.sentBytes)))} / ${kb(Math.max(...rows.map((r) => r.sentBytes)))}`.padEnd(19),
      `${slowest.toFixed(1)} s`.padEnd(17),
      `${longSides} px`.padEnd(9),
      `${percent(rows.filter((r) => r.readBefore).length, rows.length)} / ${percent(rows.filter((r) => r.readAfter).length, rows.length)}`,
    ].join(" | "),
  );
}
const slowest = Math.max(...results.map((result) => seconds(result.sentBytes)));
const readable = results.filter((result) => result.readBefore);
const stillRead = readable.filter((result) => result.readAfter).length / Math.max(1, readable.length);
console.log("");
console.log(`all ${results.length} photos: slowest ${slowest.toFixed(1)} s (budget ≤ ${TIME_BUDGET_SECONDS} s)`);
console.log(`code still read after the downscale: ${percent(stillRead * readable.length, readable.length)} of the ${readable.length} whose code the reader reads in the phone's photo (budget ≥ 95 %); ${results.filter((r) => r.readAfter).length} of all ${results.length}`);
console.log(slowest <= TIME_BUDGET_SECONDS && stillRead >= READ_BUDGET ? "within budget" : "OVER BUDGET");
