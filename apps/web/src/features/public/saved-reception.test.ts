import { describe, expect, it } from "vitest";
import { stubLocalStorage } from "../../test-utils/memory-storage";
import { isCurrent, saveReception, savedReceptionOf } from "./saved-reception";

describe("the reception saved in this browser", () => {
  it("is kept for the same branch link only, after its day too", () => {
    const storage = stubLocalStorage();
    saveReception("abc123", { statusToken: "t".repeat(32), receptionNumber: 12, date: "2026-05-04" }, storage);
    expect(savedReceptionOf("abc123", storage)?.receptionNumber).toBe(12);
    expect(savedReceptionOf("other1", storage)).toBeUndefined();
  });

  it("is current from the evening it was sent overnight until its own day is over", () => {
    const reception = { statusToken: "t".repeat(32), receptionNumber: 1, date: "2026-11-27" };
    expect(isCurrent(reception, "2026-11-26")).toBe(true);
    expect(isCurrent(reception, "2026-11-27")).toBe(true);
    expect(isCurrent(reception, "2026-11-28")).toBe(false);
  });

  it("ignores anything unreadable", () => {
    const storage = stubLocalStorage();
    storage.setItem("web_reception:abc123", "{not json");
    expect(savedReceptionOf("abc123", storage)).toBeUndefined();
  });
});
