import { describe, expect, it } from "vitest";
import { stubLocalStorage } from "../../test-utils/memory-storage";
import { saveReception, savedReceptionOf } from "./saved-reception";

describe("the reception saved in this browser", () => {
  it("is offered again the same day for the same branch link only", () => {
    const storage = stubLocalStorage();
    saveReception("abc123", { statusToken: "t".repeat(32), receptionNumber: 12, date: "2026-05-04" }, storage);
    expect(savedReceptionOf("abc123", "2026-05-04", storage)?.receptionNumber).toBe(12);
    expect(savedReceptionOf("abc123", "2026-05-05", storage)).toBeUndefined();
    expect(savedReceptionOf("other1", "2026-05-04", storage)).toBeUndefined();
  });

  it("is offered from the evening it was sent overnight until its own day is over", () => {
    const storage = stubLocalStorage();
    saveReception("abc123", { statusToken: "t".repeat(32), receptionNumber: 1, date: "2026-11-27" }, storage);
    expect(savedReceptionOf("abc123", "2026-11-26", storage)?.receptionNumber).toBe(1);
    expect(savedReceptionOf("abc123", "2026-11-27", storage)?.receptionNumber).toBe(1);
    expect(savedReceptionOf("abc123", "2026-11-28", storage)).toBeUndefined();
  });

  it("ignores anything unreadable", () => {
    const storage = stubLocalStorage();
    storage.setItem("web_reception:abc123", "{not json");
    expect(savedReceptionOf("abc123", "2026-05-04", storage)).toBeUndefined();
  });
});
