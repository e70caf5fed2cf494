import { describe, expect, it } from "vitest";
import { sayInJapanese } from "../../../test-utils/say";
import { KIOSK_ASK_STAFF, kioskErrorMessage } from "./kiosk-error";

describe("what the kiosk tells a patient when a call fails", () => {
  it("sends them to the staff when the server does not answer or fails", () => {
    expect(kioskErrorMessage({ status: "FETCH_ERROR", error: "TypeError: Failed to fetch" })).toBe(KIOSK_ASK_STAFF);
    expect(kioskErrorMessage({ status: "TIMEOUT_ERROR", error: "timeout" })).toBe(KIOSK_ASK_STAFF);
    expect(kioskErrorMessage({ status: 502, data: "Bad Gateway" })).toBe(KIOSK_ASK_STAFF);
    expect(kioskErrorMessage({ status: 429, data: {} })).toBe(KIOSK_ASK_STAFF);
  });

  it("keeps the server's own refusal", () => {
    expect(sayInJapanese(kioskErrorMessage({ status: 403, data: { errorCode: 1012, message: "x" } }))).toBe(
      "この操作を行う権限がありません。",
    );
  });
});
