import { MAX_FILE_BYTES } from "@pharmacy/contract/files";
import type { PublicPharmacy } from "@pharmacy/contract/public";
import { DEFAULT_APP_SETTINGS, DEFAULT_BUSINESS_HOURS } from "@pharmacy/contract/settings";
import { describe, expect, it } from "vitest";
import { addPhotos, answersToSend, questionChoices, visibleQuestions, webReceptionBody } from "./web-reception";

const questions = DEFAULT_APP_SETTINGS.questions.reserved;
const MONDAY = "2026-05-04";
const clock = { today: MONDAY, now: "10:00" };

const pharmacy: PublicPharmacy = {
  name: "テスト薬局",
  address: "東京都",
  phone: "03-0000-0000",
  businessHours: DEFAULT_BUSINESS_HOURS,
  today: { date: MONDAY, periods: DEFAULT_BUSINESS_HOURS.weekly[0]!.periods, openNow: true },
  questions,
  enabledReceiveMethods: ["Pharmacy", "ReturnVisit"],
};

const keys = (list: { key: string }[]) => list.map((question) => question.key);

function file(name: string, size: number, type: string): File {
  const data = new Uint8Array(Math.min(size, 16));
  const result = new File([data], name, { type });
  Object.defineProperty(result, "size", { value: size });
  return result;
}

describe("which questions show", () => {
  it("shows conditional questions only when their condition is met", () => {
    expect(keys(visibleQuestions(questions, {}))).toEqual([
      "prescriptionType",
      "firstVisit",
      "medicineNotebook",
      "genericDrug",
      "leftoverMedicine",
      "receiveMethod",
    ]);
    const shown = keys(visibleQuestions(questions, { prescriptionType: "Electronic", firstVisit: "yes", receiveMethod: "ReturnVisit" }));
    expect(shown).toContain("verifyMethod");
    expect(shown).toContain("questionnaireType");
    expect(shown.slice(-2)).toEqual(["returnDate", "returnTimePeriod"]);
  });

  it("follows the configured order and leaves switched-off questions out", () => {
    const custom = questions.map((question) =>
      question.key === "genericDrug" ? { ...question, enabled: false } : question.key === "receiveMethod" ? { ...question, order: -1 } : question,
    );
    const shown = keys(visibleQuestions(custom, {}));
    expect(shown[0]).toBe("receiveMethod");
    expect(shown).not.toContain("genericDrug");
  });
});

describe("what is sent", () => {
  it("drops answers whose condition no longer holds, following chains", () => {
    expect(
      answersToSend(questions, {
        prescriptionType: "Paper",
        verifyMethod: "MyNumberCard",
        receiveMethod: "Pharmacy",
        returnDate: MONDAY,
        returnTimePeriod: "09:00-13:00",
      }),
    ).toEqual({ prescriptionType: "Paper", receiveMethod: "Pharmacy" });
  });

  it("drops answers to questions the branch switched off", () => {
    const custom = questions.map((question) => (question.key === "genericDrug" ? { ...question, enabled: false } : question));
    expect(answersToSend(custom, { genericDrug: "Yes", firstVisit: "no" })).toEqual({ firstVisit: "no" });
  });

  it("writes the multipart fields and one file part per photo", () => {
    const photo = file("a.jpg", 100, "image/jpeg");
    const body = webReceptionBody({ patientName: " ヤマダ ハナコ ", phone: "09012345678", answers: { firstVisit: "no" }, photos: [photo] });
    expect(body.get("patientName")).toBe("ヤマダ ハナコ");
    expect(body.get("phone")).toBe("09012345678");
    expect(JSON.parse(body.get("answers") as string)).toEqual({ firstVisit: "no" });
    expect(body.getAll("file")).toHaveLength(1);
  });
});

describe("answer buttons", () => {
  it("offers only the branch's receive methods, in catalogue order, with Japanese labels", () => {
    expect(questionChoices("receiveMethod", pharmacy, {}, clock)).toEqual([
      { value: "Pharmacy", label: "店内で待つ" },
      { value: "ReturnVisit", label: "後で取りに来る" },
    ]);
  });

  it("offers open days for the return visit, today marked, and that day's periods", () => {
    const dates = questionChoices("returnDate", pharmacy, {}, clock);
    expect(dates[0]).toEqual({ value: MONDAY, label: "今日 5月4日（月）" });
    expect(dates.map((choice) => choice.value)).not.toContain("2026-05-10");
    expect(questionChoices("returnTimePeriod", pharmacy, { receiveMethod: "ReturnVisit", returnDate: MONDAY }, clock)).toEqual([
      { value: "09:00-13:00", label: "9:00〜13:00" },
      { value: "14:00-18:00", label: "14:00〜18:00" },
    ]);
    expect(questionChoices("returnTimePeriod", pharmacy, {}, clock)).toEqual([]);
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
