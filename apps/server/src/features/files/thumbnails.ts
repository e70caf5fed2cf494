import type { FileContentType } from "@pharmacy/contract/files/files";
import type Sharp from "sharp";
import { MAX_IMAGE_PIXELS } from "@pharmacy/contract/shared/errors";

/** Long side of a thumbnail: the detail panel's tile (132 × 176) on a 2× screen, with room to read. */
const THUMBNAIL_LONG_SIDE = 480;
/** sharp's prebuilt libvips reads these; HEIC (HEVC) it cannot, and a PDF gets the panel's PDF tile. */
const THUMBNAIL_SOURCES = new Set<FileContentType>(["image/jpeg", "image/png", "image/webp"]);

let loading: Promise<typeof Sharp> | undefined;

/** libvips is loaded at the first upload, not at start: it costs start time and memory a server may never need. */
async function loadSharp() {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // uploads are few and a thumbnail small: one libvips thread and no cache keep the counter PC light
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

/** A small JPEG of an image, turned upright; undefined for what has none (PDF, HEIC, unreadable bytes). */
export async function makeThumbnail(data: Uint8Array, contentType: FileContentType): Promise<Uint8Array | undefined> {
  if (!THUMBNAIL_SOURCES.has(contentType)) return undefined;
  const sharp = await loadSharp();
  try {
    // uploads were checked from their headers already; libvips refuses on its own past the same count
    return await sharp(data, { failOn: "none", limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(THUMBNAIL_LONG_SIDE, THUMBNAIL_LONG_SIDE, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer();
  } catch {
    // bytes that start like an image but are not one are still kept: staff open the original
    return undefined;
  }
}
