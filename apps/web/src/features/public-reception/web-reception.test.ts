import { MAX_FILE_BYTES } from "@pharmacy/contract/files";
import { describe, expect, it } from "vitest";
import { addPhotos, webReceptionBody } from "./web-reception";

function file(name: string, size: number, type: string): File {
  const data = new Uint8Array(Math.min(size, 16));
  const result = new File([data], name, { type });
  Object.defineProperty(result, "size", { value: size });
  return result;
}

describe("what is sent", () => {
  it("writes the multipart fields and one file part per photo", () => {
    const photo = file("a.jpg", 100, "image/jpeg");
    const body = webReceptionBody({ patientName: " ヤマダ ハナコ ", phone: "09012345678", answers: { firstVisit: "no" }, photos: [photo] });
    expect(body.get("patientName")).toBe("ヤマダ ハナコ");
    expect(body.get("phone")).toBe("09012345678");
    expect(JSON.parse(body.get("answers") as string)).toEqual({ firstVisit: "no" });
    expect(body.getAll("file")).toHaveLength(1);
    expect(body.has("followUpConsent")).toBe(false);
  });

  it("sends the follow-up consent (SPEC §12) only with an e-mail to keep", () => {
    const base = { patientName: "ヤマダ ハナコ", phone: "09012345678", answers: {}, photos: [] };
    const consented = webReceptionBody({ ...base, email: " hanako@example.jp ", followUpConsent: true });
    expect(consented.get("email")).toBe("hanako@example.jp");
    expect(consented.get("followUpConsent")).toBe("true");
    expect(webReceptionBody({ ...base, email: "hanako@example.jp", followUpConsent: false }).has("followUpConsent")).toBe(false);
    expect(webReceptionBody({ ...base, email: " ", followUpConsent: true }).has("followUpConsent")).toBe(false);
  });
});

describe("photos", () => {
  it("takes up to five images or PDFs of at most 10 MB and says why others were left out", () => {
    const four = [1, 2, 3, 4].map((n) => file(`${n}.jpg`, 1000, "image/jpeg"));
    const result = addPhotos(four, [
      file("big.jpg", MAX_FILE_BYTES + 1, "image/jpeg"),
      file("doc.pdf", 1000, "application/pdf"),
      file("six.png", 1000, "image/png"),
      file("notes.txt", 10, "text/plain"),
    ]);
    expect(result.files.map((photo) => photo.name)).toEqual(["1.jpg", "2.jpg", "3.jpg", "4.jpg", "doc.pdf"]);
    expect(result.rejected.sort()).toEqual(["too-large", "too-many", "wrong-type"]);
  });

  it("accepts a file of exactly 10 MB and a HEIC photo without a type", () => {
    const result = addPhotos([], [file("limit.jpg", MAX_FILE_BYTES, "image/jpeg"), file("IMG_1.HEIC", 1000, "")]);
    expect(result.files).toHaveLength(2);
    expect(result.rejected).toEqual([]);
  });
});
