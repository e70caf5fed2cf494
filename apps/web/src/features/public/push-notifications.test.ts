import { describe, expect, it } from "vitest";
import { pushSupportOf } from "./push-notifications";

const everything = {
  serviceWorker: true,
  pushManager: true,
  notification: true,
  secureContext: true,
  maxTouchPoints: 0,
};
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const IPAD_AS_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

describe("whether the status page offers notifications", () => {
  it("offers them where the browser has service workers, PushManager and notifications on https", () => {
    expect(pushSupportOf({ ...everything, userAgent: ANDROID })).toBe("supported");
    // an iPhone app opened from the home screen has PushManager
    expect(pushSupportOf({ ...everything, userAgent: IPHONE, maxTouchPoints: 5 })).toBe("supported");
  });

  it("tells an iPhone or iPad in Safari to add the page to the home screen", () => {
    const safari = { ...everything, pushManager: false, notification: false };
    expect(pushSupportOf({ ...safari, userAgent: IPHONE, maxTouchPoints: 5 })).toBe("add-to-home-screen");
    expect(pushSupportOf({ ...safari, userAgent: IPAD_AS_MAC, maxTouchPoints: 5 })).toBe("add-to-home-screen");
  });

  it("hides the offer elsewhere without push, and on plain http", () => {
    expect(pushSupportOf({ ...everything, pushManager: false, userAgent: ANDROID })).toBe("unsupported");
    expect(pushSupportOf({ ...everything, secureContext: false, userAgent: ANDROID })).toBe("unsupported");
    expect(pushSupportOf({ ...everything, pushManager: false, userAgent: IPAD_AS_MAC, maxTouchPoints: 0 })).toBe(
      "unsupported",
    );
  });
});
