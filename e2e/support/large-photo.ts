import { grainyPrescriptionPhoto } from "@pharmacy/test-support/grainy-photos";
import { samplePrescriptionPayload } from "@pharmacy/test-support/jahis-payloads";

/** The payload of the code on `largePhoto`, to check the server read it after the browser's downscale. */
export const LARGE_PHOTO_PAYLOAD = samplePrescriptionPayload({ issuedOn: "20261126", rpCount: 2 });

/**
 * A 12-megapixel phone photo (3000×4000, the phone held upright over the upright page, as patients
 * take it) of a prescription as a phone saves it: a grained desk, sensor noise, small printed text and
 * the JAHIS 2D code about 2.5 cm wide; 4–5 MB. A flat drawing would compress to
 * almost nothing and prove nothing about the bytes sent. (The same page shot sideways fills a third less
 * of the frame: its code's modules then drop under 2 px at 2,400 px and are not read, whatever the
 * quality; bench:photo measures that share.)
 */
export function largePhoto(): Promise<Buffer> {
  return grainyPrescriptionPhoto(LARGE_PHOTO_PAYLOAD, { megapixels: 12, seed: 21, rotate: 3, noise: 16 });
}

/** Width and height from a JPEG's start-of-frame segment. */
export function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let offset = 2;
  while (offset < jpeg.length) {
    const marker = jpeg[offset + 1]!;
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc3)
      return { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  throw new Error("not a JPEG");
}
