import { deflateSync } from "node:zlib";
import sharp from "sharp";

/** How a PDF writer stores a page's pixels as a FlateDecode image. */
export interface FlatePdfOptions {
  /** DeviceRGB, DeviceGray, or an ICC profile object of 1 component (gray) as phones' apps write. */
  colorSpace: "DeviceRGB" | "DeviceGray" | "ICCBased";
  /** PNG predictors (/DecodeParms /Predictor 15), each row filtered in turn by None, Sub, Up, Average, Paeth. */
  pngPredictors?: boolean;
}

/**
 * A one-page PDF whose page is `image` (any picture sharp reads) stored as a FlateDecode image, the
 * way a PNG is put into a PDF: raw 8-bit samples, zlib-compressed, optionally PNG-filtered row by row.
 */
export async function pdfOfPixels(image: Buffer, options: FlatePdfOptions): Promise<Buffer> {
  const channels = options.colorSpace === "DeviceRGB" ? 3 : 1;
  const picture = sharp(image).removeAlpha();
  const { data, info } = await (channels === 1 ? picture.grayscale() : picture.toColourspace("srgb"))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const samples = options.pngPredictors ? pngFiltered(data, info.width * channels, info.height, channels) : data;
  const stream = deflateSync(samples);
  const colorSpace = options.colorSpace === "ICCBased" ? "[/ICCBased 2 0 R]" : `/${options.colorSpace}`;
  const parms = options.pngPredictors
    ? ` /DecodeParms << /Predictor 15 /Colors ${channels} /BitsPerComponent 8 /Columns ${info.width} >>`
    : "";
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n2 0 obj\n<< /N 1 /Alternate /DeviceGray /Length 0 >>\nstream\n\nendstream\nendobj\n` +
        `1 0 obj\n<< /Type /XObject /Subtype /Image /Width ${info.width} /Height ${info.height} ` +
        `/ColorSpace ${colorSpace} /BitsPerComponent 8 /Filter /FlateDecode${parms} /Length ${stream.length} >>\nstream\n`,
      "latin1",
    ),
    stream,
    Buffer.from("\nendstream\nendobj\ntrailer <<>>\n%%EOF\n", "latin1"),
  ]);
}

/** PNG row filtering: a filter byte before each row, the five filters used in turn. */
function pngFiltered(data: Buffer, rowBytes: number, height: number, bytesPerPixel: number): Buffer {
  const out = Buffer.alloc((rowBytes + 1) * height);
  for (let row = 0; row < height; row++) {
    const filter = row % 5;
    out[row * (rowBytes + 1)] = filter;
    for (let index = 0; index < rowBytes; index++) {
      const at = row * rowBytes + index;
      const left = index >= bytesPerPixel ? data[at - bytesPerPixel]! : 0;
      const up = row > 0 ? data[at - rowBytes]! : 0;
      const upLeft = row > 0 && index >= bytesPerPixel ? data[at - rowBytes - bytesPerPixel]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter]!;
      out[row * (rowBytes + 1) + 1 + index] = (data[at]! - predicted) & 0xff;
    }
  }
  return out;
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}
