import sharp from "sharp";
import { qrSymbols } from "./qr-symbols.js";
import { encodeShiftJis } from "./shift-jis.js";
import { seededRandom } from "./seeded-random.js";

/**
 * A phone photo of a prescription with a real photo's detail and grain: an A4 page
 * at 300 dpi covered in small text-like strokes, its JAHIS 2D code printed about 2.5 cm wide at the
 * foot, lying turned on a grained desk, shot with sensor noise and saved as a phone saves it (JPEG
 * about 92). A flat drawing compresses to almost nothing and says nothing about the bytes sent.
 */
export interface GrainyShot {
  /** Megapixels of the photo (a phone: 12). */
  megapixels: number;
  /** Seed of the page's strokes, the desk and the noise, so a run measures the same photos. */
  seed: number;
  /** Degrees the page is turned on the desk. */
  rotate?: number;
  /** Amplitude of the sensor noise added to every channel (a phone in room light: 8–16). */
  noise?: number;
  /** Portrait (a phone held upright, the default) or landscape. */
  landscape?: boolean;
  /** JPEG quality of the phone's file. */
  quality?: number;
}

const A4_WIDTH = 2480;
const A4_HEIGHT = 3508;
const QUIET_ZONE = 4;
/** 2.5 cm at 300 dpi: the width a 2D-code printer gives a prescription's symbol. */
const SYMBOL_WIDTH = 295;

function fillRect(pixels: Buffer, width: number, x: number, y: number, w: number, h: number, value: number): void {
  for (let row = y; row < y + h; row++) pixels.fill(value, row * width + x, row * width + x + w);
}

/** Lines of 10-point "characters", each a few strokes, like the printed form and the drugs' names. */
function drawText(pixels: Buffer, next: () => number): void {
  const cell = 40;
  for (let top = 200; top < A4_HEIGHT - 700; top += 62) {
    const indent = 160 + Math.floor(next() * 4) * cell;
    const length = Math.floor(((0.3 + next() * 0.6) * (A4_WIDTH - 320 - indent)) / cell);
    for (let index = 0; index < length; index++) {
      const left = indent + index * cell;
      if (next() < 0.12) continue;
      const strokes = 3 + Math.floor(next() * 4);
      for (let stroke = 0; stroke < strokes; stroke++) {
        const across = next() < 0.5;
        const start = 4 + Math.floor(next() * 20);
        const span = 10 + Math.floor(next() * 22);
        const at = 4 + Math.floor(next() * 30);
        if (across) fillRect(pixels, A4_WIDTH, left + start, top + at, Math.min(span, cell - start - 2), 4, 30);
        else fillRect(pixels, A4_WIDTH, left + at, top + start, 4, Math.min(span, cell - start - 2), 30);
      }
    }
  }
  // The form's ruled boxes.
  for (let top = 180; top < A4_HEIGHT - 700; top += 62 * 6) fillRect(pixels, A4_WIDTH, 120, top, A4_WIDTH - 240, 3, 60);
}

function drawSymbols(pixels: Buffer, payload: string, parts: number): void {
  let left = 160;
  for (const symbol of qrSymbols(encodeShiftJis(payload), parts)) {
    const moduleSize = SYMBOL_WIDTH / (symbol.size + 2 * QUIET_ZONE);
    const top = A4_HEIGHT - 560;
    for (let y = 0; y < symbol.size; y++) {
      for (let x = 0; x < symbol.size; x++) {
        if (!symbol.data[y * symbol.size + x]) continue;
        const x0 = Math.round(left + (x + QUIET_ZONE) * moduleSize);
        const y0 = Math.round(top + (y + QUIET_ZONE) * moduleSize);
        const x1 = Math.round(left + (x + 1 + QUIET_ZONE) * moduleSize);
        const y1 = Math.round(top + (y + 1 + QUIET_ZONE) * moduleSize);
        fillRect(pixels, A4_WIDTH, x0, y0, x1 - x0, y1 - y0, 20);
      }
    }
    left += SYMBOL_WIDTH + 60;
  }
}

/** The printed page, greyscale, 300 dpi. */
async function page(payload: string, parts: number, next: () => number): Promise<Buffer> {
  const pixels = Buffer.alloc(A4_WIDTH * A4_HEIGHT, 246);
  drawText(pixels, next);
  drawSymbols(pixels, payload, parts);
  return sharp(pixels, { raw: { width: A4_WIDTH, height: A4_HEIGHT, channels: 1 } })
    .png()
    .toBuffer();
}

/** A wooden desk: warm brown, grain running across, fine texture everywhere. */
function desk(width: number, height: number, next: () => number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  const phase = next() * 10;
  for (let y = 0; y < height; y++) {
    const wave = Math.sin(y / 23 + phase) * 14 + Math.sin(y / 7.3 + phase * 2) * 6;
    for (let x = 0; x < width; x++) {
      const grain = wave + Math.sin((x + y * 0.3) / 90) * 8 + (next() - 0.5) * 18;
      const at = (y * width + x) * 3;
      pixels[at] = 150 + grain;
      pixels[at + 1] = 110 + grain * 0.8;
      pixels[at + 2] = 75 + grain * 0.6;
    }
  }
  return pixels;
}

/** The photo's width and height for its megapixels, 4:3. */
export function photoSize(megapixels: number, landscape = false): { width: number; height: number } {
  const short = Math.round(Math.sqrt((megapixels * 1e6 * 3) / 4));
  const long = Math.round((short * 4) / 3);
  return landscape ? { width: long, height: short } : { width: short, height: long };
}

/** The photo as the phone's JPEG file. */
export async function grainyPrescriptionPhoto(payload: string, shot: GrainyShot, parts = 1): Promise<Buffer> {
  const next = seededRandom(shot.seed);
  const { width, height } = photoSize(shot.megapixels, shot.landscape);
  // The page fills most of the frame, as a patient frames it.
  const pageHeight = Math.round(Math.min(height * 0.9, (width * 0.88 * A4_HEIGHT) / A4_WIDTH));
  const turned = await sharp(await page(payload, parts, next))
    .resize({ height: pageHeight, kernel: "lanczos3" })
    .toColourspace("srgb")
    .ensureAlpha()
    .rotate(shot.rotate ?? 0, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const turnedSize = await sharp(turned).metadata();
  // A turned page is wider than itself: never larger than the frame.
  const fitted =
    turnedSize.width! > width || turnedSize.height! > height
      ? await sharp(turned).resize({ width, height, fit: "inside" }).png().toBuffer()
      : turned;
  const placed = await sharp(fitted).metadata();
  const composed = await sharp(desk(width, height, next), { raw: { width, height, channels: 3 } })
    .composite([
      {
        input: fitted,
        left: Math.max(0, Math.round((width - placed.width!) / 2)),
        top: Math.max(0, Math.round((height - placed.height!) / 2)),
      },
    ])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Sensor grain: each channel of each pixel, plus a coarser grain shared by 2×2 pixels as demosaicing leaves it.
  const noise = shot.noise ?? 12;
  const data = composed.data;
  const rowLength = composed.info.width * 3;
  const coarse = new Float32Array(Math.ceil(composed.info.width / 2) * Math.ceil(composed.info.height / 2));
  for (let index = 0; index < coarse.length; index++) coarse[index] = (next() + next() - 1) * noise * 1.5;
  const coarseWidth = Math.ceil(composed.info.width / 2);
  for (let index = 0; index < data.length; index++) {
    const pixel = Math.floor(index / 3);
    const x = pixel % composed.info.width;
    const y = Math.floor(index / rowLength);
    const grain = coarse[(y >> 1) * coarseWidth + (x >> 1)]! + (next() + next() - 1) * noise * 0.7;
    data[index] = Math.max(0, Math.min(255, data[index]! + Math.round(grain)));
  }
  return sharp(data, { raw: { width: composed.info.width, height: composed.info.height, channels: 3 } })
    .jpeg({ quality: shot.quality ?? 92 })
    .toBuffer();
}
