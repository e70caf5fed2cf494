import type { FileContentType } from "@pharmacy/contract/files/files";

/**
 * The pixel count of the largest picture an upload holds, read from its headers only (nothing is
 * decoded), so that a small file claiming a huge picture is refused before any decoder allocates it:
 * the JPEG's frame, the PNG's IHDR, the WebP's VP8/VP8L/VP8X header, the HEIC's `ispe` properties,
 * each JPEG a PDF carries and the /Width × /Height of each of its image objects (a Flate image's pixels
 * are only compressed in the file). Undefined when no size is found (the decoders then find none either).
 */
export function largestPicturePixels(data: Uint8Array, contentType: FileContentType): number | undefined {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  switch (contentType) {
    case "image/jpeg":
      return jpegPixels(bytes, 0);
    case "image/png":
      // the IHDR chunk comes first: its type at 12, then width and height
      return bytes.length >= 24 && bytes.toString("latin1", 12, 16) === "IHDR"
        ? bytes.readUInt32BE(16) * bytes.readUInt32BE(20)
        : undefined;
    case "image/webp":
      return webpPixels(bytes);
    case "image/heic":
      // an ispe box: size, type, version and flags, then width and height
      return largest(
        boxesOf(bytes, "ispe").map((at) =>
          at + 20 <= bytes.length ? bytes.readUInt32BE(at + 12) * bytes.readUInt32BE(at + 16) : 0,
        ),
      );
    case "application/pdf":
      return largest([
        ...boxesOf(bytes, "\xff\xd8\xff", 0).map((at) => jpegPixels(bytes, at) ?? 0),
        ...pdfImageDictionaryPixels(bytes),
      ]);
  }
}

/** The /Width × /Height written in each of a PDF's image dictionaries (from its "obj" to its "stream"). */
function pdfImageDictionaryPixels(bytes: Buffer): number[] {
  const text = bytes.toString("latin1");
  const counts: number[] = [];
  for (const image of text.matchAll(/\/Subtype\s*\/Image\b/g)) {
    const end = text.indexOf("stream", image.index);
    const dictionary = text.slice(text.lastIndexOf("obj", image.index), end < 0 ? undefined : end);
    const width = /\/Width\s+(\d+)/.exec(dictionary);
    const height = /\/Height\s+(\d+)/.exec(dictionary);
    if (width && height) counts.push(Number(width[1]) * Number(height[1]));
  }
  return counts;
}

function largest(counts: number[]): number | undefined {
  return counts.length === 0 ? undefined : Math.max(...counts);
}

/** Where `tag` occurs; `before` bytes earlier is where its box starts (a box's type follows its 4-byte size). */
function boxesOf(bytes: Buffer, tag: string, before = 4): number[] {
  const needle = Buffer.from(tag, "latin1");
  const found: number[] = [];
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1))
    if (at >= before) found.push(at - before);
  return found;
}

/** Start-of-frame markers (SOF0–SOF15 but DHT, JPG and DAC), which carry the picture's height and width. */
const START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const START_OF_SCAN = 0xda;

function jpegPixels(bytes: Buffer, start: number): number | undefined {
  let at = start + 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    if (START_OF_FRAME.has(marker))
      return at + 9 <= bytes.length ? bytes.readUInt16BE(at + 5) * bytes.readUInt16BE(at + 7) : undefined;
    if (marker === START_OF_SCAN) return undefined;
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return undefined;
}

function webpPixels(bytes: Buffer): number | undefined {
  if (bytes.length < 30) return undefined;
  const chunk = bytes.toString("latin1", 12, 16);
  if (chunk === "VP8X") return (bytes.readUIntLE(24, 3) + 1) * (bytes.readUIntLE(27, 3) + 1);
  if (chunk === "VP8L") {
    const bits = bytes.readUInt32LE(21);
    return ((bits & 0x3fff) + 1) * (((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8 ") return (bytes.readUInt16LE(26) & 0x3fff) * (bytes.readUInt16LE(28) & 0x3fff);
  return undefined;
}
