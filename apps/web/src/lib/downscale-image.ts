/**
 * Phone photos are made smaller in the browser before they are uploaded (issue 13 goal 4): a 12-
 * megapixel photo of 4–5 MB cannot go up on a slow uplink, and 2,400 px on the long side keeps a
 * prescription's 2D code readable. Small images, PDFs and HEIC (which browsers other than Safari
 * cannot decode; the server accepts it) are sent as they are, as is anything that fails to decode.
 */

export const MAX_LONG_SIDE = 2400;
/** High enough that the 2D code's modules keep sharp edges after re-encoding. */
export const JPEG_QUALITY = 0.92;

const RESIZABLE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

/** Whether the browser can decode and re-encode this file (by its declared type). */
export function isResizable(file: Pick<File, "type">): boolean {
  return RESIZABLE_TYPES.has(file.type);
}

/** The size to draw at so the long side is at most `maxLongSide`, or undefined when it already fits. */
export function fittedSize(width: number, height: number, maxLongSide = MAX_LONG_SIDE): { width: number; height: number } | undefined {
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

async function drawFitted(file: File, size: { width: number; height: number }): Promise<Blob | null> {
  // The browser's own high-quality resampler; EXIF orientation applied, so width/height are as seen.
  const bitmap = await createImageBitmap(file, {
    imageOrientation: "from-image",
    resizeWidth: size.width,
    resizeHeight: size.height,
    resizeQuality: "high",
  });
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
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
}

/** The photo with its long side at most 2,400 px as a JPEG, or the file itself when that is not needed or not possible. */
export async function downscaleImage(file: File): Promise<File> {
  if (!isResizable(file) || typeof createImageBitmap !== "function") return file;
  try {
    const probe = await createImageBitmap(file, { imageOrientation: "from-image" });
    const size = fittedSize(probe.width, probe.height);
    probe.close();
    if (!size) return file;
    const blob = await drawFitted(file, size);
    if (!blob) return file;
    return new File([blob], jpegNameOf(file.name), { type: "image/jpeg", lastModified: file.lastModified });
  } catch {
    return file;
  }
}
