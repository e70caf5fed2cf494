import { describe, expect, it } from "vitest";
import { ReceptionListCache } from "../src/features/receptions/list-cache.js";
import { EncodedBody } from "../src/lib/encoded-body.js";

const json = (text: string) => new EncodedBody(Buffer.from(text));

describe("reception list cache", () => {
  it("serves what was stored until the branch changes", () => {
    const cache = new ReceptionListCache();
    cache.set("a", "day", json("[1]"), cache.generation("a"));
    expect(String(cache.get("a", "day")?.bytes)).toBe("[1]");
    cache.invalidate("a");
    expect(cache.get("a", "day")).toBeUndefined();
  });

  it("does not store a list read before a change that landed meanwhile", () => {
    const cache = new ReceptionListCache();
    const readAt = cache.generation("a");
    cache.invalidate("a");
    cache.set("a", "day", json("[stale]"), readAt);
    expect(cache.get("a", "day")).toBeUndefined();
  });

  it("keeps branches apart", () => {
    const cache = new ReceptionListCache();
    cache.set("a", "day", json("[a]"), 0);
    cache.set("b", "day", json("[b]"), 0);
    cache.invalidate("a");
    expect(String(cache.get("b", "day")?.bytes)).toBe("[b]");
  });
});

describe("encoded body", () => {
  it("makes each compressed copy once, however many requests ask for it", async () => {
    const body = json(JSON.stringify({ receptions: Array.from({ length: 50 }, (_, i) => ({ receptionNumber: i })) }));
    const first = body.compressed("br");
    expect(body.compressed("br")).toBe(first);
    expect(body.compressed("gzip")).not.toBe(first);
    expect((await first).length).toBeLessThan(body.bytes.length);
  });
});
