import { describe, expect, it } from "vitest";
import { ReceptionListCache } from "../src/features/receptions/list-cache.js";

describe("reception list cache", () => {
  it("serves what was stored until the branch changes", () => {
    const cache = new ReceptionListCache();
    cache.set("a", "day", Buffer.from("[1]"), cache.generation("a"));
    expect(String(cache.get("a", "day"))).toBe("[1]");
    cache.invalidate("a");
    expect(cache.get("a", "day")).toBeUndefined();
  });

  it("does not store a list read before a change that landed meanwhile", () => {
    const cache = new ReceptionListCache();
    const readAt = cache.generation("a");
    cache.invalidate("a");
    cache.set("a", "day", Buffer.from("[stale]"), readAt);
    expect(cache.get("a", "day")).toBeUndefined();
  });

  it("keeps branches apart", () => {
    const cache = new ReceptionListCache();
    cache.set("a", "day", Buffer.from("[a]"), 0);
    cache.set("b", "day", Buffer.from("[b]"), 0);
    cache.invalidate("a");
    expect(String(cache.get("b", "day"))).toBe("[b]");
  });
});
