/**
 * Phone photos are made smaller in the browser before they are uploaded: only the bytes decide how
 * long a photo takes on a slow uplink, and a real photo's grain keeps a 2,400 px JPEG near 2 MB. So the photo is re-encoded step by step (ENCODE_STEPS) until it is at
 * most TARGET_BYTES (about 9 s at 750 kbit/s); the steps never go below 1,800 px on the long side, which
 * keeps a prescription's 2D code readable (bench:photo measures both). Small
 * files, PDFs and HEIC (which browsers other than Safari cannot decode; the server accepts it) are sent
 * as they are, as is anything that fails to decode.
 */

export const MAX_LONG_SIDE = 2400;
/** About 9 s at 750 kbit/s with the form around it: the ≤ 10 s of docs/rules.md#quality-bars. */
export const TARGET_BYTES = 850_000;

/**
 * From 2,400 px the size goes down before the quality does: a grainy photo's bytes are mostly its noise,
 * which a smaller drawing averages away while the 2D code's modules keep their edges; a low quality at
 * 2,400 px keeps the noise and blurs the modules (bench:photo: fewer codes read at 2,400 px and 0.65 than
 * at 2,048 px and 0.8, for fewer bytes).
 */
export const ENCODE_STEPS: readonly { longSide: number; quality: number }[] = [
  { longSide: 2400, quality: 0.85 },
  { longSide: 2048, quality: 0.8 },
  { longSide: 2048, quality: 0.7 },
  { longSide: 1800, quality: 0.7 },
  { longSide: 1800, quality: 0.6 },
];

const RESIZABLE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

/** Whether the browser can decode and re-encode this file (by its declared type). */
export function isResizable(file: Pick<File, "type">): boolean {
  return RESIZABLE_TYPES.has(file.type);
}

/** The size to draw at so the long side is at most `maxLongSide`, or undefined when it already fits. */
export function fittedSize(
  width: number,
  height: number,
  maxLongSide = MAX_LONG_SIDE,
): { width: number; height: number } | undefined {
  const longSide = Math.max(width, height);
  if (longSide <= maxLongSide) return undefined;
  const scale = maxLongSide / longSide;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The re-encoded file's name: the same name with a .jpg extension. */
export function jpegNameOf(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, "");
  return `${base || "photo"}.jpg`;
}

type Encode = (size: { width: number; height: number }, quality: number) => Promise<Blob | null>;

/**
 * The first encoding within the target, trying ENCODE_STEPS in order (a size is drawn once for all its
 * qualities), or the smallest one tried. A photo smaller than a step is kept at its own size.
 */
export async function encodeWithin(
  width: number,
  height: number,
  encode: Encode,
  target = TARGET_BYTES,
): Promise<Blob | null> {
  let smallest: Blob | null = null;
  for (const step of ENCODE_STEPS) {
    const blob = await encode(fittedSize(width, height, step.longSide) ?? { width, height }, step.quality);
    if (!blob) return smallest;
    if (!smallest || blob.size < smallest.size) smallest = blob;
    if (blob.size <= target) return blob;
  }
  return smallest;
}

function canvasEncoder(bitmapOf: (size: { width: number; height: number }) => Promise<ImageBitmap>): Encode {
  let drawn: { key: string; canvas: HTMLCanvasElement } | undefined;
  return async (size, quality) => {
    const key = `${size.width}x${size.height}`;
    if (drawn?.key !== key) {
      // The browser's own high-quality resampler; EXIF orientation applied, so width/height are as seen.
      const bitmap = await bitmapOf(size);
      const canvas = document.createElement("canvas");
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      const context = canvas.getContext("2d");
      if (!context) return null;
      // A transparent PNG would turn black in a JPEG.
      context.fillStyle = "#fff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0);
      bitmap.close();
      if (drawn) drawn.canvas.width = 0;
      drawn = { key, canvas };
    }
    const { canvas } = drawn;
    return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
  };
}

/** The photo as a JPEG of at most about TARGET_BYTES, or the file itself when that is not needed or not possible. */
export async function downscaleImage(file: File): Promise<File> {
  if (!isResizable(file) || typeof createImageBitmap !== "function") return file;
  try {
    const probe = await createImageBitmap(file, { imageOrientation: "from-image" });
    const { width, height } = probe;
    probe.close();
    if (!fittedSize(width, height) && file.size <= TARGET_BYTES) return file;
    const encode = canvasEncoder((size) =>
      createImageBitmap(file, {
        imageOrientation: "from-image",
        resizeWidth: size.width,
        resizeHeight: size.height,
        resizeQuality: "high",
      }),
    );
    const blob = await encodeWithin(width, height, encode);
    if (!blob || (blob.size >= file.size && !fittedSize(width, height))) return file;
    return new File([blob], jpegNameOf(file.name), { type: "image/jpeg", lastModified: file.lastModified });
  } catch {
    return file;
  }
}
