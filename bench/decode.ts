/**
 * How often the server reads the 2D codes patients photograph, before and after the browser's
 * downscale (long side 2,400 px, JPEG 0.85; sharp stands in for the browser's canvas): prescriptions'
 * JAHIS codes, お薬手帳 codes (JAHISTC, some split over two symbols) and e-prescription 控え (UTF-8),
 * docs/rules.md#every-code-a-patient-brings. The photos are made here: payloads drawn as QR (every third prescription split over 2–3
 * symbols with structured append), on a page, photographed at 12 and 8 megapixels, turned, slanted,
 * noisy, JPEG. Budget (docs/rules.md#prescription-data): ≥ 95 % read on sharp photos after the downscale. Reference:
 * the same photos before the downscale, and deliberately blurred ones, in the same run.
 * Usage: npm run bench:decode [-- <photo count, default 60>]
 */
import sharp from "sharp";
import {
  medicationRecordPayload,
  prescriptionCopyPayload,
  samplePrescriptionPayload,
} from "@pharmacy/test-support/jahis-payloads";
import { codePage, photographPage, type PhotoShot } from "@pharmacy/test-support/prescription-photos";
import { encodeShiftJis } from "@pharmacy/test-support/shift-jis";
import { CodeReader } from "../apps/server/src/features/files/code-reader.js";
import { readPrescriptionCodes } from "../apps/server/src/features/receptions/prescription-codes.js";
import { seededRandom } from "@pharmacy/test-support/seeded-random";

const COUNT = Number(process.argv[2] ?? 60);
const BUDGET = 0.95;
const DOWNSCALE_LONG_SIDE = 2400;
const PHONE_LONG_SIDES = [4032, 3264, 4000];

type Kind = "prescription" | "notebook" | "copy";

interface Sample {
  kind: Kind;
  payload: string;
  parts: number;
  shot: PhotoShot;
  sharp: boolean;
}

function samples(count: number): Sample[] {
  const next = seededRandom(20261120);
  return Array.from({ length: count }, (_, index) => {
    const blurred = index % 6 === 5;
    // every fifth photo an お薬手帳 sticker (every other one split over two symbols), every fifth a 控え
    const kind: Kind = index % 5 === 3 ? "notebook" : index % 5 === 4 ? "copy" : "prescription";
    const payload =
      kind === "notebook"
        ? medicationRecordPayload(undefined, index % 2 === 0 ? 12 : 0)
        : kind === "copy"
          ? prescriptionCopyPayload(String(1_000_000_000_000_000 + index * 7919))
          : samplePrescriptionPayload({ issuedOn: "20261120", rpCount: 1 + Math.floor(next() * 7) });
    return {
      kind,
      payload,
      parts:
        kind === "notebook" ? (index % 2 === 0 ? 2 : 1) : kind === "copy" ? 1 : index % 3 === 2 ? 2 + (index % 2) : 1,
      sharp: !blurred,
      shot: {
        longSide: PHONE_LONG_SIDES[index % PHONE_LONG_SIDES.length]!,
        rotate: Math.round((next() - 0.5) * 24),
        shear: Math.round(next() * 8) / 100,
        blur: blurred ? 3 + next() * 2 : next() * 1.2,
        noise: Math.round(next() * 20),
        quality: 70 + Math.round(next() * 22),
      },
    };
  });
}

async function downscaled(photo: Buffer): Promise<Buffer> {
  return sharp(photo)
    .resize({ width: DOWNSCALE_LONG_SIDE, height: DOWNSCALE_LONG_SIDE, fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function readsBack(reader: CodeReader, photo: Buffer, payload: string): Promise<{ read: boolean; ms: number }> {
  const started = performance.now();
  const { symbols } = await reader.read(photo, "image/jpeg");
  const ms = performance.now() - started;
  const reading = readPrescriptionCodes([{ prescriptionId: "photo", symbols }]).get("photo");
  const raw = reading?.rx?.raw ?? reading?.medicationRecord?.raw ?? reading?.prescriptionCopy?.raw;
  return { read: raw === payload, ms };
}

const percent = (part: number, whole: number) => (whole === 0 ? "—" : `${((100 * part) / whole).toFixed(1)} %`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const reader = new CodeReader();
const results: {
  sample: Sample;
  original: boolean;
  small: boolean;
  originalMs: number;
  smallMs: number;
  bytes: number;
  smallBytes: number;
}[] = [];
for (const [index, sample] of samples(COUNT).entries()) {
  const bytes = sample.kind === "copy" ? new TextEncoder().encode(sample.payload) : encodeShiftJis(sample.payload);
  const photo = await photographPage(await codePage(bytes, sample.parts), sample.shot);
  const small = await downscaled(photo);
  const original = await readsBack(reader, photo, sample.payload);
  const after = await readsBack(reader, small, sample.payload);
  results.push({
    sample,
    original: original.read,
    small: after.read,
    originalMs: original.ms,
    smallMs: after.ms,
    bytes: photo.length,
    smallBytes: small.length,
  });
  process.stdout.write(`\r${index + 1}/${COUNT} photos`);
}
await reader.close();
process.stdout.write("\n");

const sharpOnes = results.filter((result) => result.sample.sharp);
const blurredOnes = results.filter((result) => !result.sample.sharp);
const split = results.filter((result) => result.sample.parts > 1 && result.sample.sharp);
const count = (rows: typeof results, key: "original" | "small") => rows.filter((row) => row[key]).length;
const afterRate = count(sharpOnes, "small") / Math.max(1, sharpOnes.length);

console.log(
  `photos: ${results.length} (${sharpOnes.length} sharp, ${blurredOnes.length} blurred; ${results.filter((r) => r.sample.parts > 1).length} split over 2–3 symbols)`,
);
console.log(
  `median photo ${(median(results.map((r) => r.bytes)) / 1e6).toFixed(1)} MB → ${(median(results.map((r) => r.smallBytes)) / 1e6).toFixed(2)} MB after the downscale`,
);
console.log("");
console.log("set                      | phone photo (reference) | after downscale to 2,400 px | budget");
console.log(
  `sharp photos             | ${percent(count(sharpOnes, "original"), sharpOnes.length).padEnd(23)} | ${percent(count(sharpOnes, "small"), sharpOnes.length).padEnd(27)} | ≥ 95 %`,
);
console.log(
  `  of them split (連結)    | ${percent(count(split, "original"), split.length).padEnd(23)} | ${percent(count(split, "small"), split.length).padEnd(27)} |`,
);
for (const [kind, label] of [
  ["prescription", "  処方箋"],
  ["notebook", "  お薬手帳"],
  ["copy", "  電子処方箋の控え"],
] as const) {
  const ofKind = sharpOnes.filter((result) => result.sample.kind === kind);
  console.log(
    `${`${label} (${ofKind.length})`.padEnd(24)} | ${percent(count(ofKind, "original"), ofKind.length).padEnd(23)} | ${percent(count(ofKind, "small"), ofKind.length).padEnd(27)} |`,
  );
}
console.log(
  `blurred photos           | ${percent(count(blurredOnes, "original"), blurredOnes.length).padEnd(23)} | ${percent(count(blurredOnes, "small"), blurredOnes.length).padEnd(27)} | —`,
);
console.log(
  `median read time (ms)    | ${median(results.map((r) => r.originalMs))
    .toFixed(0)
    .padEnd(23)} | ${median(results.map((r) => r.smallMs))
    .toFixed(0)
    .padEnd(27)} |`,
);
console.log("");
console.log(
  afterRate >= BUDGET ? "within budget" : "OVER BUDGET: fewer than 95 % of sharp photos read after the downscale",
);
