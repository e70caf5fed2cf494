import { describe, expect, it } from "vitest";
import { lastMonth, rangeOfSearch, thisMonth, thisWeek } from "./report-range";

describe("report periods", () => {
  it("今週 runs from Monday to today, 今月 from the 1st, 先月 is the whole previous month", () => {
    expect(thisWeek("2026-06-03")).toEqual({ from: "2026-06-01", to: "2026-06-03" }); // a Wednesday
    expect(thisWeek("2026-06-07")).toEqual({ from: "2026-06-01", to: "2026-06-07" }); // Sunday ends the week
    expect(thisWeek("2026-06-01")).toEqual({ from: "2026-06-01", to: "2026-06-01" });
    expect(thisMonth("2026-06-03")).toEqual({ from: "2026-06-01", to: "2026-06-03" });
    expect(lastMonth("2026-03-15")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(lastMonth("2026-01-31")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
  });

  it("takes the URL's period, or this month when there is none or the report could not take it", () => {
    expect(rangeOfSearch({ from: "2026-05-01", to: "2026-05-31" }, "2026-06-03")).toEqual({
      range: { from: "2026-05-01", to: "2026-05-31" },
    });
    expect(rangeOfSearch({}, "2026-06-03")).toEqual({ range: { from: "2026-06-01", to: "2026-06-03" } });
  });

  it.each([
    [{ from: "2026-05-31", to: "2026-05-01" }, "開始日は終了日と同じか、それより前の日付にしてください"],
    [{ from: "2026-02-30", to: "2026-03-01" }, "存在しない日付です"],
    [{ from: "2026-13-01", to: "2026-13-31" }, "存在しない日付です"], // not 「期間は366日以内…」
    [{ from: "2026-05-01", to: "2026/05/31" }, "日付はYYYY-MM-DDの形式で入力してください"],
    [{ from: "2024-01-01", to: "2026-01-01" }, "期間は366日以内で指定してください"],
    [{ from: "2026-05-01" }, "開始日と終了日の両方を指定してください"],
  ])("a period the report cannot take (%j) shows this month and says why", (search, refusal) => {
    expect(rangeOfSearch(search, "2026-06-03")).toEqual({ range: { from: "2026-06-01", to: "2026-06-03" }, refusal });
  });
});
