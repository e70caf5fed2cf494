import type { Page } from "playwright-core";

/** A 4000×3000 JPEG like a phone camera's, drawn in the page (black squares on white), as bytes. */
export async function largePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#fff";
    context.fillRect(0, 0, 4000, 3000);
    context.fillStyle = "#000";
    for (let x = 0; x < 4000; x += 40) context.fillRect(x, (x * 7) % 3000, 20, 20);
    return canvas.toDataURL("image/jpeg", 0.95).split(",")[1]!;
  });
  return Buffer.from(base64, "base64");
}

/** Width and height from a JPEG's start-of-frame segment. */
export function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let offset = 2;
  while (offset < jpeg.length) {
    const marker = jpeg[offset + 1]!;
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  throw new Error("not a JPEG");
}
