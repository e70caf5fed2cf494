import type { ReceptionEvent } from "@pharmacy/contract/live/realtime";
import type { Reception, ReceptionList } from "@pharmacy/contract/receptions/receptions";
import { describe, expect, it } from "vitest";
import { makePrescription, makeReception } from "../../test-utils/receptions";
import {
  applyReceptionEvent,
  hasInconsistentPartitions,
  mergeTarget,
  normalizeReceptions,
  removeReception,
  splitTarget,
  upsertReception,
  withCarried,
  withoutReception,
  withPickup,
  withReception,
} from "./reception-list";

const DATE = "2026-05-01";
const OWN = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";
const options = { date: DATE, today: DATE, ownSessionId: OWN };

const numbers = (
  list:
    | { receptions: { receptionNumber: number; partitionNumber: number }[] }
    | { receptionNumber: number; partitionNumber: number }[],
) =>
  (Array.isArray(list) ? list : list.receptions).map(
    (reception) => `${reception.receptionNumber}-${reception.partitionNumber}`,
  );

function event(
  type: ReceptionEvent["type"],
  reception: ReceptionEvent["reception"],
  originSessionId: string | undefined = OTHER,
): ReceptionEvent {
  return { type, reception, ...(originSessionId && { originSessionId }) };
}

describe("the list rules", () => {
  it("sorts by receptionNumber descending, partitions ascending", () => {
    const list = normalizeReceptions([
      makeReception({ receptionNumber: 3 }),
      makeReception({ receptionNumber: 12, partitionNumber: 2 }),
      makeReception({ receptionNumber: 7 }),
      makeReception({ receptionNumber: 12, partitionNumber: 1 }),
    ]);
    expect(numbers(list)).toEqual(["12-1", "12-2", "7-0", "3-0"]);
  });

  it("keeps one entry per id: adding an existing id replaces it", () => {
    const reception = makeReception({ receptionNumber: 5, status: null });
    const list = upsertReception([reception], { ...reception, status: "Reviewing" });
    expect(list).toHaveLength(1);
    expect(list[0]!.status).toBe("Reviewing");
  });

  it("a number left alone gets partition 0", () => {
    expect(numbers(normalizeReceptions([makeReception({ receptionNumber: 9, partitionNumber: 2 })]))).toEqual(["9-0"]);
  });

  it("removing one of two partitions puts the other at partition 0", () => {
    const first = makeReception({ receptionNumber: 4, partitionNumber: 1 });
    const second = makeReception({ receptionNumber: 4, partitionNumber: 2 });
    expect(numbers(removeReception([first, second], first.id))).toEqual(["4-0"]);
  });

  it("a saved reception is added or replaced in the day list, total in step", () => {
    const first = makeReception({ receptionNumber: 1 });
    const list: ReceptionList = { receptions: [first], total: 1, carried: [] };
    const added = withReception(list, makeReception({ receptionNumber: 2 }));
    expect(numbers(added)).toEqual(["2-0", "1-0"]);
    expect(added.total).toBe(2);
    const replaced = withReception(added, { ...first, status: "Reviewing" });
    expect(replaced.total).toBe(2);
    expect(replaced.receptions[1]!.status).toBe("Reviewing");
    expect(withoutReception(replaced, first.id)).toEqual({ receptions: [added.receptions[0]], total: 1, carried: [] });
    expect(withoutReception({ receptions: [], total: 0, carried: [] }, first.id)).toEqual({
      receptions: [],
      total: 0,
      carried: [],
    });
  });

  it("does not copy receptions that need no change", () => {
    const reception = makeReception({ receptionNumber: 2 });
    expect(normalizeReceptions([reception])[0]).toBe(reception);
  });
});

describe("applyReceptionEvent", () => {
  const base = (): ReceptionList => {
    const receptions = normalizeReceptions([
      makeReception({ receptionNumber: 2 }),
      makeReception({ receptionNumber: 1 }),
    ]);
    return { receptions, total: receptions.length, carried: [] };
  };

  it("adds a created reception in its sorted place and counts it", () => {
    const list = base();
    const created = makeReception({ receptionNumber: 3 });
    const result = applyReceptionEvent(list, event("reception.created", created), options);
    expect(result.changed).toBe(true);
    expect(numbers(result.list)).toEqual(["3-0", "2-0", "1-0"]);
    expect(result.list.total).toBe(3);
  });

  it("replaces an updated reception without counting it twice", () => {
    const list = base();
    const updated = { ...list.receptions[1]!, status: "Dispensing" as const, updatedAt: "2026-05-01T01:00:00.000Z" };
    const result = applyReceptionEvent(list, event("reception.updated", updated), options);
    expect(result.list.receptions.find((reception) => reception.id === updated.id)?.status).toBe("Dispensing");
    expect(result.list.total).toBe(2);
  });

  it("a created event for an id already listed replaces it (no duplicate)", () => {
    const list = base();
    const again = { ...list.receptions[0]!, status: "Reviewing" as const };
    const result = applyReceptionEvent(list, event("reception.created", again), options);
    expect(result.list.receptions).toHaveLength(2);
    expect(result.list.total).toBe(2);
  });

  it("removes a deleted reception and counts it out", () => {
    const list = base();
    const result = applyReceptionEvent(list, event("reception.deleted", list.receptions[0]!), options);
    expect(numbers(result.list)).toEqual(["1-0"]);
    expect(result.list.total).toBe(1);
  });

  it("ignores a deletion of a reception it does not list", () => {
    const list = base();
    const result = applyReceptionEvent(
      list,
      event("reception.deleted", makeReception({ receptionNumber: 8 })),
      options,
    );
    expect(result.changed).toBe(false);
    expect(result.list).toBe(list);
  });

  it("re-applies the partition rule on replace: the last partition returns to 0", () => {
    const first = makeReception({ receptionNumber: 6, partitionNumber: 1 });
    const second = makeReception({ receptionNumber: 6, partitionNumber: 2 });
    const list = { receptions: normalizeReceptions([first, second]), total: 2, carried: [] };
    const deleted = applyReceptionEvent(list, event("reception.deleted", second), options);
    expect(numbers(deleted.list)).toEqual(["6-0"]);
  });

  it("ignores events of another day", () => {
    const list = base();
    const result = applyReceptionEvent(
      list,
      event("reception.created", makeReception({ receptionNumber: 3, receptionDate: "2026-05-02" })),
      options,
    );
    expect(result.changed).toBe(false);
    expect(result.list).toBe(list);
  });

  it("ignores the events this browser session caused itself", () => {
    const list = base();
    const result = applyReceptionEvent(
      list,
      event("reception.created", makeReception({ receptionNumber: 3 }), OWN),
      options,
    );
    expect(result.changed).toBe(false);
  });

  it("applies events without an origin session", () => {
    const result = applyReceptionEvent(
      base(),
      event("reception.created", makeReception({ receptionNumber: 3 }), undefined),
      options,
    );
    expect(result.changed).toBe(true);
  });

  it("never steps back to an older version of a reception", () => {
    const newer = makeReception({ receptionNumber: 2, status: "Completed", updatedAt: "2026-05-01T02:00:00.000Z" });
    const list = { receptions: [newer], total: 1, carried: [] };
    const older = { ...newer, status: "Reviewing" as const, updatedAt: "2026-05-01T01:00:00.000Z" };
    expect(applyReceptionEvent(list, event("reception.updated", older), options).changed).toBe(false);
  });

  it("asks for a refetch while a split arrives half-way (the first half was put at 0)", () => {
    const original = makeReception({ receptionNumber: 12 });
    const list = { receptions: [original], total: 1, carried: [] };
    // The split's events: the original becomes 12-1 (alone, so the rule shows it as 12), then 12-2 arrives.
    const step1 = applyReceptionEvent(list, event("reception.updated", { ...original, partitionNumber: 1 }), options);
    expect(numbers(step1.list)).toEqual(["12-0"]);
    expect(step1.resync).toBe(false);
    const step2 = applyReceptionEvent(
      step1.list,
      event("reception.created", makeReception({ receptionNumber: 12, partitionNumber: 2 })),
      options,
    );
    expect(step2.resync).toBe(true);
  });
});

describe("partitions of a number", () => {
  it("a consistent list needs no refetch", () => {
    expect(
      hasInconsistentPartitions([
        makeReception({ receptionNumber: 1, partitionNumber: 1 }),
        makeReception({ receptionNumber: 1, partitionNumber: 2 }),
      ]),
    ).toBe(false);
  });

  it("splitting a single reception moves a prescription into partition 2", () => {
    const reception = makeReception({ receptionNumber: 12, prescriptions: [makePrescription(1), makePrescription(2)] });
    expect(splitTarget([reception], reception)).toBe(2);
  });

  it("splitting picks the next free partition of the number", () => {
    const first = makeReception({
      receptionNumber: 12,
      partitionNumber: 1,
      prescriptions: [makePrescription(1), makePrescription(2)],
    });
    const second = makeReception({ receptionNumber: 12, partitionNumber: 2, prescriptions: [makePrescription(3)] });
    expect(splitTarget([first, second], first)).toBe(3);
  });

  it("a reception with one prescription cannot be split", () => {
    const reception = makeReception({ receptionNumber: 12, prescriptions: [makePrescription(1)] });
    expect(splitTarget([reception], reception)).toBeUndefined();
  });

  it("a later partition merges back into the first one", () => {
    const first = makeReception({ receptionNumber: 12, partitionNumber: 1 });
    const second = makeReception({ receptionNumber: 12, partitionNumber: 2 });
    expect(mergeTarget([first, second], second)).toBe(1);
    expect(mergeTarget([first, second], first)).toBeUndefined();
    expect(mergeTarget([first], makeReception({ receptionNumber: 3 }))).toBeUndefined();
  });
});

describe("today's carried rows (持ち越し) under live events", () => {
  const YESTERDAY = "2026-04-30";
  const EARLIER = "2026-04-28";
  const at = (minute: number) => `2026-05-01T00:${String(minute).padStart(2, "0")}:00.000Z`;
  const earlier = (overrides: Partial<Reception> = {}) =>
    makeReception({
      receptionDate: YESTERDAY,
      receptionNumber: 8,
      status: "Dispensing",
      updatedAt: at(0),
      ...overrides,
    });
  const today = (carried: Reception[] = []): ReceptionList => ({
    receptions: [makeReception({ receptionNumber: 1 })],
    total: 1,
    carried,
  });

  it("an earlier day's unfinished reception enters the carried rows, oldest day first, without touching today's rows or total", () => {
    const older = earlier({ receptionDate: EARLIER, receptionNumber: 20 });
    const list = today([earlier({ receptionNumber: 3 })]);
    const result = applyReceptionEvent(list, event("reception.updated", older), options);
    expect(result.changed).toBe(true);
    expect(result.list.carried.map((entry) => `${entry.receptionDate} ${entry.receptionNumber}`)).toEqual([
      `${EARLIER} 20`,
      `${YESTERDAY} 3`,
    ]);
    expect(result.list.receptions).toBe(list.receptions);
    expect(result.list.total).toBe(1);
  });

  it("a carried row takes the newer version and keeps its partition (no lone-number rule across days)", () => {
    const carried = earlier({ partitionNumber: 2 });
    const result = applyReceptionEvent(
      today([carried]),
      event("reception.updated", { ...carried, status: "Completed", updatedAt: at(5) }),
      options,
    );
    expect(result.list.carried).toEqual([{ ...carried, status: "Completed", updatedAt: at(5) }]);
  });

  it("a carried reception handed over leaves the carried rows", () => {
    const carried = earlier({ status: "Completed" });
    const handedOver = { ...carried, handedOverAt: at(5), updatedAt: at(5) };
    const result = applyReceptionEvent(today([carried]), event("reception.updated", handedOver), options);
    expect(result.changed).toBe(true);
    expect(result.list.carried).toEqual([]);
  });

  it("one Completed with a later pickup day leaves the carried rows until that day", () => {
    const carried = earlier();
    const ready = {
      ...carried,
      status: "Completed" as const,
      answers: { receiveMethod: "ReturnVisit" as const, returnDate: "2026-05-02" },
      updatedAt: at(5),
    };
    expect(applyReceptionEvent(today([carried]), event("reception.updated", ready), options).list.carried).toEqual([]);
    // on its pickup day it is carried again
    const onPickupDay = { date: "2026-05-02", today: "2026-05-02", ownSessionId: OWN };
    expect(applyReceptionEvent(today(), event("reception.updated", ready), onPickupDay).list.carried).toEqual([ready]);
  });

  it("an earlier Completed reception not handed over, due today, is carried", () => {
    const ready = earlier({ status: "Completed" });
    expect(applyReceptionEvent(today(), event("reception.updated", ready), options).list.carried).toEqual([ready]);
  });

  it("a deleted carried reception leaves; a deletion or a finished one it never held changes nothing", () => {
    const carried = earlier();
    expect(applyReceptionEvent(today([carried]), event("reception.deleted", carried), options).list.carried).toEqual(
      [],
    );
    const list = today([carried]);
    expect(applyReceptionEvent(list, event("reception.deleted", earlier({ receptionNumber: 9 })), options)).toEqual({
      list,
      changed: false,
      resync: false,
    });
    const handedOver = earlier({ receptionNumber: 9, status: "Completed", handedOverAt: at(1) });
    expect(applyReceptionEvent(list, event("reception.updated", handedOver), options).changed).toBe(false);
  });

  it("never steps a carried row back to an older version", () => {
    const carried = earlier({ status: "Completed", updatedAt: at(9) });
    const older = { ...carried, status: "Dispensing" as const, updatedAt: at(1) };
    expect(applyReceptionEvent(today([carried]), event("reception.updated", older), options).changed).toBe(false);
  });

  it("a past day's list carries nothing: an earlier reception's event is not its own", () => {
    const pastDay = { date: DATE, today: "2026-05-03", ownSessionId: OWN };
    const result = applyReceptionEvent(today(), event("reception.updated", earlier()), pastDay);
    expect(result.changed).toBe(false);
    expect(result.list.carried).toEqual([]);
  });

  it("this tab's own change is carried or dropped by the same rule (withCarried)", () => {
    const carried = earlier();
    const list = today([carried]);
    expect(withCarried(list, { ...carried, status: "Completed", handedOverAt: at(3) }, DATE).carried).toEqual([]);
    expect(withCarried(today(), carried, DATE).carried).toEqual([carried]);
    expect(withCarried(list, makeReception({ receptionNumber: 2 }), DATE)).toBe(list);
  });
});

describe("pickups due on a day", () => {
  const DAY = "2026-05-02";
  const returnVisit = (overrides: Partial<Reception> = {}) =>
    makeReception({ status: "Completed", answers: { receiveMethod: "ReturnVisit", returnDate: DAY }, ...overrides });

  it("holds the receptions whose pickup day is that date and that are not handed over", () => {
    const due = returnVisit();
    expect(withPickup([], due, DAY)).toEqual([due]);
    expect(withPickup([due], { ...due, handedOverAt: "2026-05-02T01:00:00.000Z" }, DAY)).toEqual([]);
    expect(withPickup([due], { ...due, answers: { receiveMethod: "Pharmacy" } }, DAY)).toEqual([]);
    expect(withPickup([], makeReception({ receptionDate: DAY }), DAY)).toHaveLength(1);
  });
});
