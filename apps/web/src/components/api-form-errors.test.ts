import { describe, expect, it } from "vitest";
import { apiValidationIssues, matchIssuesToFields } from "./api-form-errors";

const issue = (path: (string | number)[], message: string) => ({ path, message });

describe("matchIssuesToFields", () => {
  it("puts an issue on the field with exactly its path", () => {
    const { fieldErrors, unmatched } = matchIssuesToFields(
      [issue(["postalCode"], "郵便番号は7桁")],
      [["name"], ["postalCode"]],
    );
    expect(fieldErrors).toEqual([{ name: ["postalCode"], errors: ["郵便番号は7桁"] }]);
    expect(unmatched).toEqual([]);
  });

  it("puts a deeper issue on the deepest field that contains it, numbers and strings alike", () => {
    const names = [["weekly"], ["weekly", 0, "periods"], ["weekly", 0, "periods", 1, "end"]];
    const { fieldErrors } = matchIssuesToFields(
      [issue(["weekly", "0", "periods", "1", "end"], "終了時刻"), issue(["weekly", 0, "periods"], "重なり")],
      names,
    );
    expect(fieldErrors).toEqual([
      { name: ["weekly", 0, "periods", 1, "end"], errors: ["終了時刻"] },
      { name: ["weekly", 0, "periods"], errors: ["重なり"] },
    ]);
  });

  it("returns issues that no field holds, and joins messages of one field without repeats", () => {
    const { fieldErrors, unmatched } = matchIssuesToFields(
      [issue(["answers", "returnDate"], "休業日"), issue(["answers", "returnDate"], "休業日"), issue(["file"], "写真")],
      [["answers", "returnDate"]],
    );
    expect(fieldErrors).toEqual([{ name: ["answers", "returnDate"], errors: ["休業日"] }]);
    expect(unmatched).toEqual([issue(["file"], "写真")]);
  });

  it("never matches a field on a mere name prefix of a different key", () => {
    const { unmatched } = matchIssuesToFields([issue(["answer"], "x")], [["answers"]]);
    expect(unmatched).toHaveLength(1);
  });
});

describe("apiValidationIssues", () => {
  it("reads the issues of a 400 answer", () => {
    const error = {
      status: 400,
      data: { message: "入力内容に誤り", issues: [{ path: ["phone"], message: "電話番号" }] },
    };
    expect(apiValidationIssues(error)).toEqual([{ path: ["phone"], message: "電話番号" }]);
  });

  it("is empty for errors without issues or of another shape", () => {
    expect(apiValidationIssues({ status: 500, data: { message: "x" } })).toEqual([]);
    expect(apiValidationIssues({ status: "FETCH_ERROR", error: "x" })).toEqual([]);
    expect(apiValidationIssues(undefined)).toEqual([]);
  });
});
