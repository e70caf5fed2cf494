import { describe, expect, it } from "vitest";
import { downscaleImage, fittedSize, isResizable, jpegNameOf } from "./downscale-image";

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
    expect(["application/pdf", "image/heic", "image/heif", "", "image/gif"].some((type) => isResizable({ type }))).toBe(false);
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
