import { describe, expect, it } from "vitest";
import { publicRouteOf } from "./public-app";

describe("the patient entry's pages", () => {
  it("reads the branch link and the status link from the address", () => {
    expect(publicRouteOf("/web/abc123")).toEqual({ page: "reception", publicSlug: "abc123" });
    expect(publicRouteOf("/web/abc123/")).toEqual({ page: "reception", publicSlug: "abc123" });
    expect(publicRouteOf("/web/status/tok_en-1")).toEqual({ page: "status", statusToken: "tok_en-1" });
  });

  it("reads the follow-up questionnaire's link (docs/rules.md#continuity-of-care)", () => {
    expect(publicRouteOf("/web/follow-up/Abc_123-xyz")).toEqual({ page: "followUp", token: "Abc_123-xyz" });
    expect(publicRouteOf("/web/follow-up/Abc_123-xyz/")).toEqual({ page: "followUp", token: "Abc_123-xyz" });
  });

  it("finds nothing in any other address", () => {
    for (const path of ["/web/", "/web/status", "/web/status/", "/web/a/b", "/web/follow-up/a/b", "/login/"])
      expect(publicRouteOf(path)).toBeUndefined();
  });
});
