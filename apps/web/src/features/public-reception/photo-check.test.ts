import { describe, expect, it } from "vitest";
import { photoProblem } from "./photo-check";

const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

describe("checking a chosen photo", () => {
  it("passes a real JPEG whatever its name", async () => {
    expect(await photoProblem(new File([JPEG_HEAD], "IMG_0001.dat", { type: "" }))).toBeUndefined();
  });

  it("names a file that only pretends to be a photo", async () => {
    const fake = new File(["not a photo at all"], "shohousen.jpg", { type: "image/jpeg" });
    expect(await photoProblem(fake)).toBe("「shohousen.jpg」は写真（JPEG・PNG・WebP・HEIC）またはPDFではないため送れません。");
  });

  it("names a file over 10 MB", async () => {
    const big = new File([JPEG_HEAD, new Uint8Array(10 * 1024 * 1024)], "big.jpg", { type: "image/jpeg" });
    expect(await photoProblem(big)).toBe("「big.jpg」は10MBを超えているため送れません。");
  });
});
