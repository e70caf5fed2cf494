import { describe, expect, it } from "vitest";
import { sayInJapanese } from "../../test-utils/say";
import * as limits from "./prescription-limits";
import { asksExchangeNumber, isPastUsable } from "./prescription-limits";

/** The notice in Japanese words. */
function returnDateNotice(lastUsableDay: string | undefined, offeredDays?: readonly string[]) {
  const notice = limits.returnDateNotice("ja", lastUsableDay, offeredDays);
  return { type: notice.type, text: sayInJapanese(notice.text) };
}
const USABLE_PERIOD_WARNING =
  "処方箋の使用期限は交付日を含めて4日間です。期限を過ぎた日にはお薬を受け取れない場合があります。";

describe("asksExchangeNumber", () => {
  it("asks for an electronic prescription shown with 資格確認書・保険証 only", () => {
    expect(asksExchangeNumber({ prescriptionType: "Electronic", verifyMethod: "InsuranceCard" })).toBe(true);
    expect(asksExchangeNumber({ prescriptionType: "Electronic", verifyMethod: "MyNumberCard" })).toBe(false);
    expect(asksExchangeNumber({ prescriptionType: "Electronic" })).toBe(false);
    expect(asksExchangeNumber({ prescriptionType: "Paper" })).toBe(false);
  });
});

describe("the return day against the last usable day", () => {
  it("names the last usable day when a code was read, and warns in general when none was", () => {
    // 2026-11-26 is a Thursday.
    expect(returnDateNotice("2026-11-26")).toEqual({
      type: "info",
      text: "処方箋の使用期限は11月26日（木）までです。それより後の日は選べません。",
    });
    expect(returnDateNotice(undefined)).toEqual({ type: "warning", text: USABLE_PERIOD_WARNING });
  });

  it("sends the patient to the staff when every day offered is past the last usable day", () => {
    expect(returnDateNotice("2026-11-20", ["2026-11-26", "2026-11-27"])).toEqual({
      type: "error",
      text: "処方箋の使用期限（11月20日（金））を過ぎているため、日にちを選べません。スタッフにお声がけください。",
    });
    expect(returnDateNotice("2026-11-26", ["2026-11-26", "2026-11-27"]).type).toBe("info");
  });

  it("refuses only the days after the last usable day", () => {
    expect(isPastUsable("2026-11-27", "2026-11-26")).toBe(true);
    expect(isPastUsable("2026-11-26", "2026-11-26")).toBe(false);
    expect(isPastUsable("2026-12-31", undefined)).toBe(false);
  });
});
