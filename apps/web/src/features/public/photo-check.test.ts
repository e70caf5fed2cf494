import { MAX_FILE_BYTES } from "@pharmacy/contract/files/file-limits";
import { describe, expect, it } from "vitest";
import { sayInJapanese } from "../../test-utils/say";
import * as check from "./photo-check";

/** The check, its refusals in Japanese words. */
async function addPhotos(current: readonly File[], picked: readonly File[]) {
  const result = await check.addPhotos(current, picked);
  return { files: result.files, refused: result.refused.map(sayInJapanese) };
}

const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const PDF_HEAD = [...new TextEncoder().encode("%PDF-1.7\n")];
const HEIC_HEAD = [0, 0, 0, 0x18, ...new TextEncoder().encode("ftypheic")];

/** A file of `size` bytes that starts with `head` (the rest is not read, only measured). */
function file(name: string, head: number[], type: string, size = 1000): File {
  const result = new File([new Uint8Array(head)], name, { type });
  Object.defineProperty(result, "size", { value: size });
  return result;
}

const jpeg = (name: string, size?: number) => file(name, JPEG_HEAD, "image/jpeg", size);

describe("picking photos", () => {
  it("passes a real JPEG whatever its name, a PDF, and a HEIC photo without a type", async () => {
    const picked = [
      file("IMG_0001.dat", JPEG_HEAD, ""),
      file("doc.pdf", PDF_HEAD, "application/pdf"),
      file("IMG_1.HEIC", HEIC_HEAD, ""),
    ];
    expect(await addPhotos([], picked)).toEqual({ files: picked, refused: [] });
  });

  it("names a file that only pretends to be a photo", async () => {
    const fake = file("shohousen.jpg", [...new TextEncoder().encode("not a photo at all")], "image/jpeg");
    expect(await addPhotos([], [fake])).toEqual({
      files: [],
      refused: ["「shohousen.jpg」：JPEG・PNG・WebP・HEICの画像またはPDFを選んでください。"],
    });
  });

  it("names a file over 10 MB and takes one of exactly 10 MB", async () => {
    const result = await addPhotos([], [jpeg("big.jpg", MAX_FILE_BYTES + 1), jpeg("limit.jpg", MAX_FILE_BYTES)]);
    expect(result.files.map((photo) => photo.name)).toEqual(["limit.jpg"]);
    expect(result.refused).toEqual(["「big.jpg」：ファイルが大きすぎます（10MBまで）。"]);
  });

  it("takes up to five and says so once for those left over", async () => {
    const four = [1, 2, 3, 4].map((n) => jpeg(`${n}.jpg`));
    const result = await addPhotos(four, [jpeg("five.jpg"), jpeg("six.jpg"), jpeg("seven.jpg")]);
    expect(result.files.map((photo) => photo.name)).toEqual(["1.jpg", "2.jpg", "3.jpg", "4.jpg", "five.jpg"]);
    expect(result.refused).toEqual(["写真は5枚まで送れます。"]);
  });
});
