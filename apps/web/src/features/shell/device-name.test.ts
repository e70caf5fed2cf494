import { describe, expect, it } from "vitest";
import { defaultDeviceName } from "./device-name";

describe("defaultDeviceName", () => {
  it("names the kind with the Tokyo date and time", () => {
    expect(defaultDeviceName("counter", new Date("2026-11-22T00:05:00Z"))).toBe("受付端末 11/22 09:05");
  });
  it("uses the Tokyo day, not the UTC one", () => {
    expect(defaultDeviceName("display", new Date("2026-11-22T23:30:00Z"))).toBe("呼出画面 11/23 08:30");
  });
});
