import { describe, expect, it } from "vitest";
import { pageAt, readyOrder } from "./board-pages";

const n = (receptionNumber: number, calledAt?: string, partitionNumber = 0, receptionDate = "2026-11-22") => ({
  receptionNumber,
  partitionNumber,
  receptionDate,
  ...(calledAt && { calledAt }),
});

describe("the ready numbers' order", () => {
  it("puts the number called last first, the others by number", () => {
    const order = readyOrder([
      n(15, "2026-11-22T01:00:00.000Z"),
      n(12),
      n(14, "2026-11-22T01:05:00.000Z"),
      n(13, undefined, 2),
      n(13, undefined, 1),
    ]);
    expect(order.latest).toEqual(n(14, "2026-11-22T01:05:00.000Z"));
    expect(order.others).toEqual([n(12), n(13, undefined, 1), n(13, undefined, 2), n(15, "2026-11-22T01:00:00.000Z")]);
  });

  it("puts an earlier day's numbers before today's", () => {
    const carried = n(20, undefined, 0, "2026-11-21");
    expect(readyOrder([n(3), carried]).others).toEqual([carried, n(3)]);
  });

  it("has no highlighted number while none was called", () => {
    expect(readyOrder([n(3), n(2)])).toEqual({ latest: undefined, others: [n(2), n(3)] });
    expect(readyOrder([])).toEqual({ latest: undefined, others: [] });
  });
});

describe("turning pages", () => {
  const numbers = [1, 2, 3, 4, 5];
  it("shows everything on one page when it fits", () => {
    expect(pageAt(numbers, 8, 7)).toEqual({ items: numbers, page: 0, pages: 1 });
    expect(pageAt([], 8, 3)).toEqual({ items: [], page: 0, pages: 1 });
  });

  it("turns over pages that fit, the last one wrapping round to the first", () => {
    expect([0, 1, 2, 3].map((turn) => pageAt(numbers, 2, turn))).toEqual([
      { items: [1, 2], page: 0, pages: 3 },
      { items: [3, 4], page: 1, pages: 3 },
      { items: [5], page: 2, pages: 3 },
      { items: [1, 2], page: 0, pages: 3 },
    ]);
  });
});
