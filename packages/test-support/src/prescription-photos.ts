import { readFile } from "node:fs/promises";
import sharp, { type OverlayOptions } from "sharp";
import { qrSymbols, type QrMatrix } from "./qr-symbols.js";
import { encodeShiftJis } from "./shift-jis.js";

/** How the phone saw the page. */
export interface PhotoShot {
  /** Long side of the photo in pixels (a phone: 4032). */
  longSide: number;
  /** Degrees the page is turned. */
  rotate?: number;
  /** Gaussian blur sigma in photo pixels (0: sharp). */
  blur?: number;
  /** Shear standing in for a slanted view (perspective), e.g. 0.05. */
  shear?: number;
  /** JPEG quality of the phone's file. */
  quality?: number;
  /** Grey noise added to every pixel (0–60). */
  noise?: number;
}

const PAGE_WIDTH = 1240;
const PAGE_HEIGHT = 1754;
const QUIET_ZONE = 4;

/** One symbol as a greyscale PNG, `moduleSize` pixels a module, with its quiet zone. */
function symbolPng(matrix: QrMatrix, moduleSize: number): Promise<Buffer> {
  const side = (matrix.size + 2 * QUIET_ZONE) * moduleSize;
  const pixels = Buffer.alloc(side * side, 255);
  for (let y = 0; y < matrix.size; y++) {
    for (let x = 0; x < matrix.size; x++) {
      if (!matrix.data[y * matrix.size + x]) continue;
      for (let dy = 0; dy < moduleSize; dy++) {
        const row = ((y + QUIET_ZONE) * moduleSize + dy) * side + (x + QUIET_ZONE) * moduleSize;
        pixels.fill(0, row, row + moduleSize);
      }
    }
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .png()
    .toBuffer();
}

/** Grey bars standing in for the printed text of the form, so the reader has something else to look at. */
function formLines(): OverlayOptions[] {
  const lines: OverlayOptions[] = [];
  for (let index = 0; index < 28; index++) {
    const width = 300 + ((index * 137) % 600);
    lines.push({
      input: { create: { width, height: 14, channels: 3, background: { r: 70, g: 70, b: 70 } } },
      left: 80 + ((index * 53) % 120),
      top: 90 + index * 38,
    });
  }
  return lines;
}

/**
 * A prescription page (A4 at 150 dpi) with the payload's symbols along its foot, as a 2D-code printer
 * places them, each about 2.5 cm wide whatever its version.
 */
export function prescriptionPage(payload: string, parts = 1, only?: number[]): Promise<Buffer> {
  return codePage(encodeShiftJis(payload), parts, only);
}

/** The same page for any bytes: a 控え's UTF-8, or bytes no printer should write. */
export async function codePage(bytes: Uint8Array, parts = 1, only?: number[]): Promise<Buffer> {
  const symbols = qrSymbols(bytes, parts).filter((_, index) => !only || only.includes(index));
  const overlays = formLines();
  let left = 80;
  for (const symbol of symbols) {
    const moduleSize = Math.max(2, Math.round(220 / (symbol.size + 2 * QUIET_ZONE)));
    const png = await symbolPng(symbol, moduleSize);
    overlays.push({ input: png, left, top: PAGE_HEIGHT - 420 });
    left += (symbol.size + 2 * QUIET_ZONE) * moduleSize + 20;
  }
  return sharp({
    create: {
      width: Math.max(PAGE_WIDTH, left + 60),
      height: PAGE_HEIGHT,
      channels: 3,
      background: { r: 250, g: 250, b: 245 },
    },
  })
    .composite(overlays)
    .png()
    .toBuffer();
}

/** The page as a phone photo of it: on a desk, turned, slanted, blurred, noisy, JPEG. */
export async function photographPage(page: Buffer, shot: PhotoShot): Promise<Buffer> {
  const meta = await sharp(page).metadata();
  const margin = Math.round((meta.width ?? PAGE_WIDTH) * 0.12);
  let image = sharp(page)
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: { r: 120, g: 105, b: 90 } })
    .rotate(shot.rotate ?? 0, { background: { r: 120, g: 105, b: 90 } });
  if (shot.shear)
    image = sharp(await image.png().toBuffer()).affine(
      [
        [1, shot.shear],
        [shot.shear / 2, 1],
      ],
      { background: { r: 120, g: 105, b: 90 } },
    );
  const framed = await image.png().toBuffer();
  const framedMeta = await sharp(framed).metadata();
  const scale = shot.longSide / Math.max(framedMeta.width!, framedMeta.height!);
  let photo = sharp(framed).resize({
    width: Math.round(framedMeta.width! * scale),
    height: Math.round(framedMeta.height! * scale),
    kernel: "cubic",
  });
  // sharp takes a sigma from 0.3 on; below that the photo is as sharp as it comes
  if (shot.blur && shot.blur >= 0.3) photo = sharp(await photo.png().toBuffer()).blur(shot.blur);
  if (shot.noise) {
    const { data, info } = await photo.raw().toBuffer({ resolveWithObject: true });
    let seed = 12345;
    for (let index = 0; index < data.length; index++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      data[index] = Math.max(0, Math.min(255, data[index]! + ((seed % (2 * shot.noise + 1)) - shot.noise)));
    }
    photo = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  }
  return photo.jpeg({ quality: shot.quality ?? 85 }).toBuffer();
}

/**
 * A small, sharp photo of a prescription carrying `payload` (split into `parts` symbols, of which
 * only those at the indexes `only` are on this photo when given): what the API tests upload.
 */
export async function prescriptionPhoto(payload: string, parts = 1, only?: number[]): Promise<Buffer> {
  return photographPage(await prescriptionPage(payload, parts, only), { longSide: 1600, rotate: 3, quality: 90 });
}

/** A small, sharp photo of a page whose code holds exactly `bytes`. */
export async function codePhoto(bytes: Uint8Array, parts = 1, only?: number[]): Promise<Buffer> {
  return photographPage(await codePage(bytes, parts, only), { longSide: 1600, rotate: 3, quality: 90 });
}

/** A photo of a page without any 2D code. */
export async function photoWithoutCode(): Promise<Buffer> {
  return photographPage(await prescriptionPage("-", 1, []), { longSide: 1200, quality: 85 });
}

/** A one-page PDF whose page is that JPEG, as a scanner or a phone's "scan to PDF" makes it. */
export function pdfOfJpeg(jpeg: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.4\n1 0 obj <</Type /XObject /Subtype /Image /Filter /DCTDecode /Length ${jpeg.length}>>\nstream\n`,
      "latin1",
    ),
    jpeg,
    Buffer.from("\nendstream\nendobj\ntrailer <<>>\n%%EOF\n", "latin1"),
  ]);
}

/**
 * An iPhone-style HEIC photo of the sample prescription issued 2026-11-20 (`samplePrescriptionPayload({ issuedOn: "20261120" })`).
 * A file, not generated: no npm package encodes HEVC; it was made once with Debian's `heif-enc -q 70`
 * (libheif with x265) from `prescriptionPhoto` resized to 1200 px wide.
 */
export function prescriptionHeic(): Promise<Buffer> {
  return readFile(new URL("../fixtures/prescription-issued-2026-11-20.heic", import.meta.url));
}
