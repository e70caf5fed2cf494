import { describe, expect, it } from "vitest";
import { downscaleImage, encodeWithin, fittedSize, isResizable, jpegNameOf, TARGET_BYTES } from "./downscale-image";

describe("the size a photo is drawn at", () => {
  it("brings the long side to 2,400 px and keeps the proportions, landscape or portrait", () => {
    expect(fittedSize(4000, 3000)).toEqual({ width: 2400, height: 1800 });
    expect(fittedSize(3024, 4032)).toEqual({ width: 1800, height: 2400 });
  });

  it("leaves a photo that already fits", () => {
    expect(fittedSize(2400, 1800)).toBeUndefined();
    expect(fittedSize(1200, 1600)).toBeUndefined();
  });

  it("never rounds a thin strip down to nothing", () => {
    expect(fittedSize(10000, 1)).toEqual({ width: 2400, height: 1 });
  });
});

describe("which files are re-encoded", () => {
  it("JPEG, PNG and WebP only: PDFs, HEIC and unknown types go as they are", () => {
    expect(["image/jpeg", "image/png", "image/webp"].every((type) => isResizable({ type }))).toBe(true);
    expect(["application/pdf", "image/heic", "image/heif", "", "image/gif"].some((type) => isResizable({ type }))).toBe(
      false,
    );
  });

  it("names the result .jpg", () => {
    expect(jpegNameOf("IMG_0001.PNG")).toBe("IMG_0001.jpg");
    expect(jpegNameOf("shohousen.photo.webp")).toBe("shohousen.photo.jpg");
    expect(jpegNameOf("noextension")).toBe("noextension.jpg");
    expect(jpegNameOf(".jpg")).toBe("photo.jpg");
  });

  it("returns the file itself when it cannot be decoded", async () => {
    const fake = new File(["not a photo"], "a.jpg", { type: "image/jpeg" });
    expect(await downscaleImage(fake)).toBe(fake);
  });
});

describe("aiming the re-encoded photo at a byte size", () => {
  /** An encoder whose bytes grow with the pixels and the quality, like a grainy photo's JPEG; it records what was asked. */
  function grainyEncoder(bytesPerPixelAtFull: number) {
    const asked: string[] = [];
    const encode = async (size: { width: number; height: number }, quality: number) => {
      asked.push(`${Math.max(size.width, size.height)}@${quality}`);
      return new Blob([new Uint8Array(Math.round(size.width * size.height * bytesPerPixelAtFull * quality))]);
    };
    return { asked, encode };
  }

  it("keeps 2,400 px and the first quality when that is small enough", async () => {
    const { asked, encode } = grainyEncoder(0.1);
    const blob = await encodeWithin(4000, 3000, encode);
    expect(asked).toEqual(["2400@0.85"]);
    expect(blob!.size).toBeLessThanOrEqual(TARGET_BYTES);
  });

  it("draws smaller before lowering the quality much, and stops at the first step within the target", async () => {
    const { asked, encode } = grainyEncoder(0.35);
    const blob = await encodeWithin(4032, 3024, encode);
    expect(asked).toEqual(["2400@0.85", "2048@0.8", "2048@0.7"]);
    expect(blob!.size).toBeLessThanOrEqual(TARGET_BYTES);
  });

  it("goes down to 1,800 px at most, and keeps the smallest when nothing reaches the target", async () => {
    const { asked, encode } = grainyEncoder(2);
    const blob = await encodeWithin(4000, 3000, encode);
    expect(asked.at(-1)).toBe("1800@0.6");
    expect(blob!.size).toBe(Math.round(1800 * 1350 * 2 * 0.6));
  });

  it("re-encodes a photo already small enough in pixels at its own size", async () => {
    const { asked, encode } = grainyEncoder(0.5);
    await encodeWithin(2000, 1500, encode);
    expect(asked.slice(0, 4)).toEqual(["2000@0.85", "2000@0.8", "2000@0.7", "1800@0.7"]);
  });
});
