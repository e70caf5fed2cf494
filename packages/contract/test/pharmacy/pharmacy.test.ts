import { describe, expect, it } from "vitest";
import { formatPostalCode, isLoopbackAddress } from "../../src/pharmacy/pharmacy.js";

describe("a branch's addresses", () => {
  it("shows a postal code as 123-4567 and leaves anything else as it is", () => {
    expect(formatPostalCode("1050004")).toBe("105-0004");
    expect(formatPostalCode("12345")).toBe("12345");
  });

  it.each([
    ["http://localhost:3000/web/abc", true],
    ["http://127.0.0.1/api/line/webhook/abc", true],
    ["http://[::1]:8080/", true],
    ["http://LOCALHOST", true],
    ["https://user@127.0.0.1:8443/x", true],
    ["https://localhost.example.jp/web/abc", false],
    ["https://uketsuke.example.jp/web/abc", false],
    ["http://192.168.1.10/web/abc", false],
  ])("tells %s as an address only this machine opens: %s", (url, loopback) => {
    expect(isLoopbackAddress(url)).toBe(loopback);
  });
});
