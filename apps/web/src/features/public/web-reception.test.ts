import { MAX_PHOTO_CODES_CHARS } from "@pharmacy/contract/public/public";
import { describe, expect, it } from "vitest";
import { webReceptionBody } from "./web-reception";

function file(name: string, size: number, type: string): File {
  const data = new Uint8Array(Math.min(size, 16));
  const result = new File([data], name, { type });
  Object.defineProperty(result, "size", { value: size });
  return result;
}

describe("what is sent", () => {
  it("writes the multipart fields and one file part per photo", () => {
    const photo = file("a.jpg", 100, "image/jpeg");
    const body = webReceptionBody({
      patientName: " ヤマダ ハナコ ",
      phone: "09012345678",
      answers: { firstVisit: "no" },
      photos: [photo],
      photoCodes: [[]],
    });
    expect(body.get("patientName")).toBe("ヤマダ ハナコ");
    expect(body.get("phone")).toBe("09012345678");
    expect(JSON.parse(body.get("answers") as string)).toEqual({ firstVisit: "no" });
    expect(body.getAll("file")).toHaveLength(1);
    expect(body.has("photoCodes")).toBe(false);
    expect(body.has("followUpConsent")).toBe(false);
  });

  it("sends the follow-up consent (docs/rules.md#continuity-of-care) only with an e-mail to keep", () => {
    const base = { patientName: "ヤマダ ハナコ", phone: "09012345678", answers: {}, photos: [], photoCodes: [] };
    const consented = webReceptionBody({ ...base, email: " hanako@example.jp ", followUpConsent: true });
    expect(consented.get("email")).toBe("hanako@example.jp");
    expect(consented.get("followUpConsent")).toBe("true");
    expect(
      webReceptionBody({ ...base, email: "hanako@example.jp", followUpConsent: false }).has("followUpConsent"),
    ).toBe(false);
    expect(webReceptionBody({ ...base, email: " ", followUpConsent: true }).has("followUpConsent")).toBe(false);
  });

  it("sends the codes read in the photos at full size by the photos' order, unless they are longer than the server takes", () => {
    const photos = [file("a.jpg", 100, "image/jpeg"), file("b.jpg", 100, "image/jpeg")];
    const symbol = { bytes: "SkFISVMx", index: -1, size: -1, id: "" };
    const body = webReceptionBody({
      patientName: "ヤマダ",
      phone: "09012345678",
      answers: {},
      photos,
      photoCodes: [[], [symbol]],
    });
    expect(JSON.parse(body.get("photoCodes") as string)).toEqual([[], [symbol]]);
    const long = { ...symbol, bytes: "A".repeat(MAX_PHOTO_CODES_CHARS) };
    expect(
      webReceptionBody({
        patientName: "ヤマダ",
        phone: "09012345678",
        answers: {},
        photos,
        photoCodes: [[long], []],
      }).has("photoCodes"),
    ).toBe(false);
  });

  it("sends the family (docs/rules.md#family) in the household field, their photos after the sender's, with the sender's answers", () => {
    const [mine, son, daughter] = ["a.jpg", "b.jpg", "c.jpg"].map((name) => file(name, 100, "image/jpeg"));
    const body = webReceptionBody({
      patientName: "ヤマダ ハナコ",
      phone: "09012345678",
      answers: { prescriptionType: "Paper" },
      photos: [mine!],
      photoCodes: [[]],
      photoConsent: true,
      household: [
        { patientName: " やまだ たろう ", phone: "09012345678", photos: [son!], photoCodes: [[]] },
        { patientName: "ヤマダ ユイ", phone: "08011112222", photos: [daughter!], photoCodes: [[]] },
      ],
    });
    expect(JSON.parse(body.get("household") as string)).toEqual([
      { patientName: "ヤマダ タロウ", answers: { prescriptionType: "Paper" }, photoCount: 1 },
      { patientName: "ヤマダ ユイ", phone: "08011112222", answers: { prescriptionType: "Paper" }, photoCount: 1 },
    ]);
    expect((body.getAll("file") as File[]).map((photo) => photo.name)).toEqual(["a.jpg", "b.jpg", "c.jpg"]);
    expect(body.get("photoConsent")).toBe("true");
    expect(
      webReceptionBody({ patientName: "ヤマダ", phone: "09012345678", answers: {}, photos: [], photoCodes: [] }).has(
        "household",
      ),
    ).toBe(false);
  });
});
