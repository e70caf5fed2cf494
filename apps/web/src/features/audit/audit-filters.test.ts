import { describe, expect, it } from "vitest";
import { auditCsvFileName, auditSearchParams } from "./audit-filters";

describe("auditSearchParams", () => {
  it("leaves out filters that are not set", () => {
    expect(auditSearchParams({ from: "2026-11-01", actor: undefined, action: "abandoned", page: 2 })).toEqual({
      from: "2026-11-01",
      action: "abandoned",
      page: "2",
    });
  });
});

describe("auditCsvFileName", () => {
  it("names the period", () => {
    expect(auditCsvFileName({ from: "2026-11-01", to: "2026-11-22" }, "2026-11-22")).toBe(
      "audit-2026-11-01_2026-11-22.csv",
    );
  });
  it("names today without a period", () => {
    expect(auditCsvFileName({}, "2026-11-22")).toBe("audit-2026-11-22.csv");
  });
});
