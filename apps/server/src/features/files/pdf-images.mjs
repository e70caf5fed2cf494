// The pictures inside a PDF, for the code reader's worker (plain JavaScript, like the worker). Scanners,
// fax software and phone "scan to PDF" apps store a page as a JPEG stream (DCTDecode), whose bytes sit
// in the file as they are, or as raw pixels compressed with zlib (FlateDecode), the way a PNG is put
// into a PDF. No renderer: a PDF drawn as vectors has none of either.
import { inflateSync } from "node:zlib";

/** More pages than this are not looked at: a prescription is one or two pages. */
export const MAX_PDF_IMAGES = 8;

/** The JPEG streams (DCTDecode): from each JPEG start marker to its stream's end. */
export function embeddedJpegs(pdf) {
  const images = [];
  let from = 0;
  while (images.length < MAX_PDF_IMAGES) {
    const start = pdf.indexOf(Buffer.from([0xff, 0xd8, 0xff]), from);
    if (start < 0) break;
    const streamEnd = pdf.indexOf("endstream", start, "latin1");
    const end = streamEnd < 0 ? pdf.length : streamEnd;
    images.push(pdf.subarray(start, end));
    from = end;
  }
  return images;
}

/**
 * The FlateDecode image streams as 8-bit raw pixels `{ data, width, height, channels }` (1 gray or 3
 * RGB): /DeviceGray, /DeviceRGB or /ICCBased with 1 or 3 components, 1, 2, 4, 8 or 16 bits per
 * component, PNG predictors (10–15) and the TIFF one (2) of /DecodeParms, /Decode [1 0] on gray. Only
 * images whose /Width and /Height are written out and whose pixels number at most `maxPixels` are
 * decoded, and never to more bytes than those sizes give; anything else is skipped.
 */
export function flateImages(pdf, maxPixels) {
  const text = pdf.toString("latin1");
  const images = [];
  const streams = /\bstream\r?\n/g;
  for (let match = streams.exec(text); match && images.length < MAX_PDF_IMAGES; match = streams.exec(text)) {
    // the stream's dictionary: from its object's "obj" (an earlier object's "endobj" comes before that)
    const dictionary = text.slice(text.lastIndexOf("obj", match.index) + 3, match.index);
    const image = imageOf(dictionary, text, maxPixels);
    if (!image) continue;
    const start = match.index + match[0].length;
    const length = directInteger(dictionary, "Length");
    const end =
      length !== undefined && start + length <= pdf.length ? start + length : text.indexOf("endstream", start);
    const pixels = decoded(pdf.subarray(start, end < 0 ? pdf.length : end), image);
    if (pixels) images.push(pixels);
  }
  return images;
}

/** `/Key 123` written out (not `/Key 5 0 R`, a reference to another object), or undefined. */
function directInteger(dictionary, key) {
  const found = new RegExp(`/${key}\\s+(\\d+)(?!\\d|\\s+\\d+\\s+R)`).exec(dictionary);
  return found ? Number(found[1]) : undefined;
}

/** How many components the image's colour space has: 1 or 3, or undefined for one we do not read. */
function componentsOf(dictionary, text) {
  if (/\/ImageMask\s+true/.test(dictionary)) return 1;
  const space = /\/ColorSpace\s*(\/\w+|\[\s*\/ICCBased\s+(\d+)\s+(\d+)\s+R\s*\]|(\d+)\s+(\d+)\s+R)/.exec(dictionary);
  if (!space) return undefined;
  if (space[1] === "/DeviceGray" || space[1] === "/CalGray") return 1;
  if (space[1] === "/DeviceRGB" || space[1] === "/CalRGB") return 3;
  if (space[2] === undefined) return undefined;
  // an ICC profile's stream says how many components it describes
  const profile = new RegExp(`\\b${space[2]}\\s+${space[3]}\\s+obj\\s*<<([\\s\\S]*?)>>`).exec(text);
  const count = profile && directInteger(profile[1], "N");
  return count === 1 || count === 3 ? count : undefined;
}

function imageOf(dictionary, text, maxPixels) {
  if (!/\/Subtype\s*\/Image\b/.test(dictionary)) return undefined;
  if (!/\/Filter\s*(\/FlateDecode|\[\s*\/FlateDecode\s*\])/.test(dictionary)) return undefined;
  const parms = /\/DecodeParms\s*<<([^<>]*)>>/.exec(dictionary)?.[1] ?? "";
  const own = dictionary.replace(/\/DecodeParms\s*<<[^<>]*>>/, "");
  const width = directInteger(own, "Width");
  const height = directInteger(own, "Height");
  const channels = componentsOf(own, text);
  const bits = /\/ImageMask\s+true/.test(own) ? 1 : directInteger(own, "BitsPerComponent");
  if (!width || !height || !channels || ![1, 2, 4, 8, 16].includes(bits) || width * height > maxPixels)
    return undefined;
  return {
    width,
    height,
    channels,
    bits,
    predictor: directInteger(parms, "Predictor") ?? 1,
    inverted: channels === 1 && /\/Decode\s*\[\s*1(\.0*)?\s+0(\.0*)?\s*\]/.test(own),
  };
}

function decoded(stream, image) {
  const { width, height, channels, bits, predictor } = image;
  const rowBytes = Math.ceil((width * channels * bits) / 8);
  const png = predictor >= 10;
  let inflated;
  try {
    inflated = inflateSync(stream, { maxOutputLength: height * (rowBytes + (png ? 1 : 0)) });
  } catch {
    return undefined;
  }
  const rows = png ? unfilterPng(inflated, rowBytes, height, Math.max(1, (channels * bits) / 8)) : inflated;
  if (rows.length < rowBytes * height) return undefined;
  if (predictor === 2 && bits === 8) undoTiffPredictor(rows, rowBytes, height, channels);
  return { data: toEightBits(rows, image, rowBytes), width, height, channels };
}

/** PNG row filters (None, Sub, Up, Average, Paeth), each row led by its filter's byte. */
function unfilterPng(data, rowBytes, height, bytesPerPixel) {
  const out = Buffer.alloc(rowBytes * height);
  const step = Math.ceil(bytesPerPixel);
  for (let row = 0; row < height && (row + 1) * (rowBytes + 1) <= data.length; row++) {
    const filter = data[row * (rowBytes + 1)];
    const source = row * (rowBytes + 1) + 1;
    const at = row * rowBytes;
    for (let index = 0; index < rowBytes; index++) {
      const left = index >= step ? out[at + index - step] : 0;
      const up = row > 0 ? out[at - rowBytes + index] : 0;
      const upLeft = row > 0 && index >= step ? out[at - rowBytes + index - step] : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) predicted = paeth(left, up, upLeft);
      out[at + index] = (data[source + index] + predicted) & 0xff;
    }
  }
  return out;
}

function paeth(left, up, upLeft) {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

function undoTiffPredictor(rows, rowBytes, height, channels) {
  for (let row = 0; row < height; row++)
    for (let index = channels; index < rowBytes; index++)
      rows[row * rowBytes + index] = (rows[row * rowBytes + index] + rows[row * rowBytes + index - channels]) & 0xff;
}

/** One byte a sample: 16 bits keep their high byte, 1–4 bits are spread over 0–255. */
function toEightBits(rows, { width, height, channels, bits, inverted }, rowBytes) {
  const samples = width * channels;
  const out = Buffer.alloc(samples * height);
  const top = (1 << Math.min(bits, 8)) - 1;
  for (let row = 0; row < height; row++) {
    for (let index = 0; index < samples; index++) {
      let value;
      if (bits === 8) value = rows[row * rowBytes + index];
      else if (bits === 16) value = rows[row * rowBytes + index * 2];
      else {
        const bit = index * bits;
        const byte = rows[row * rowBytes + (bit >> 3)];
        value = Math.round((((byte >> (8 - bits - (bit & 7))) & top) * 255) / top);
      }
      out[row * samples + index] = inverted ? 255 - value : value;
    }
  }
  return out;
}
