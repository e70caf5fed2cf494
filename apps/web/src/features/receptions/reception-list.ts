import { isCarriedOnto, pickupDateOf } from "@pharmacy/contract/receptions/across-days";
import type { ReceptionEvent } from "@pharmacy/contract/live/realtime";
import { MAX_PARTITION_NUMBER, type Reception, type ReceptionList } from "@pharmacy/contract/receptions/receptions";

/**
 * The rules of the cached day list (docs/rules.md#the-staff-apps-basics), as pure functions over plain data: the list is
 * sorted by receptionNumber descending (partitions ascending), holds each id once, and a number that
 * occurs only once has partitionNumber 0.
 */

export function compareReceptions(a: Reception, b: Reception): number {
  return b.receptionNumber - a.receptionNumber || a.partitionNumber - b.partitionNumber;
}

/** One entry per id (the later one wins), lone numbers at partition 0, sorted. */
export function normalizeReceptions(receptions: readonly Reception[]): Reception[] {
  const byId = new Map<string, Reception>();
  for (const reception of receptions) byId.set(reception.id, reception);
  const perNumber = new Map<number, number>();
  for (const reception of byId.values()) {
    perNumber.set(reception.receptionNumber, (perNumber.get(reception.receptionNumber) ?? 0) + 1);
  }
  return [...byId.values()]
    .map((reception) =>
      perNumber.get(reception.receptionNumber) === 1 && reception.partitionNumber !== 0
        ? { ...reception, partitionNumber: 0 }
        : reception,
    )
    .sort(compareReceptions);
}

/** Adds a reception, or replaces the one with the same id; then re-applies the list rules. */
export function upsertReception(receptions: readonly Reception[], reception: Reception): Reception[] {
  return normalizeReceptions([...receptions.filter((existing) => existing.id !== reception.id), reception]);
}

export function removeReception(receptions: readonly Reception[], id: string): Reception[] {
  return normalizeReceptions(receptions.filter((existing) => existing.id !== id));
}

/** The day list with this reception added or replaced, `total` kept in step with the entries. */
export function withReception(list: ReceptionList, reception: Reception): ReceptionList {
  const receptions = upsertReception(list.receptions, reception);
  return { ...list, receptions, total: Math.max(0, list.total + receptions.length - list.receptions.length) };
}

/** The day list without this reception (of its day or carried), `total` kept in step with the day's entries. */
export function withoutReception(list: ReceptionList, id: string): ReceptionList {
  const receptions = removeReception(list.receptions, id);
  const carried = list.carried.some((entry) => entry.id === id)
    ? list.carried.filter((entry) => entry.id !== id)
    : list.carried;
  return { receptions, total: Math.max(0, list.total + receptions.length - list.receptions.length), carried };
}

/**
 * Carried rows (持ち越し, docs/rules.md#across-days) come oldest day first, then by number and partition. Several days'
 * numbers meet here, and a carried partition may have left its siblings behind (handed over), so the
 * lone-number rule of a day's list does not apply.
 */
export function compareCarried(a: Reception, b: Reception): number {
  return (
    a.receptionDate.localeCompare(b.receptionDate) ||
    a.receptionNumber - b.receptionNumber ||
    a.partitionNumber - b.partitionNumber
  );
}

/** `list` (shown for `today`) with this earlier reception carried or no longer carried, by the contract's rule. */
export function withCarried(list: ReceptionList, reception: Reception, today: string): ReceptionList {
  const others = list.carried.filter((entry) => entry.id !== reception.id);
  if (isCarriedOnto(reception, today)) return { ...list, carried: [...others, reception].sort(compareCarried) };
  return others.length === list.carried.length ? list : { ...list, carried: others };
}

/** The pickups due on `date` (pickup day that date, not handed over) with this reception in or out. */
export function withPickup(receptions: readonly Reception[], reception: Reception, date: string): Reception[] {
  const others = receptions.filter((entry) => entry.id !== reception.id);
  const due = pickupDateOf(reception) === date && !reception.handedOverAt;
  return due ? [...others, reception].sort(compareCarried) : others;
}

/**
 * True when the list shows a state the server never has: a number with several receptions of which
 * one sits at partition 0 or two share a partition. It happens for a moment while the events of a
 * split arrive one by one (the first half is alone, so the rule put it at 0): the caller then
 * refetches the day instead of guessing the lost partition number.
 */
export function hasInconsistentPartitions(receptions: readonly Reception[]): boolean {
  const partitions = new Map<number, number[]>();
  for (const reception of receptions) {
    const list = partitions.get(reception.receptionNumber) ?? [];
    list.push(reception.partitionNumber);
    partitions.set(reception.receptionNumber, list);
  }
  for (const list of partitions.values()) {
    if (list.length > 1 && (list.includes(0) || new Set(list).size !== list.length)) return true;
  }
  return false;
}

export interface ApplyEventOptions {
  /** The business day (YYYY-MM-DD) the cached list shows; events of other days do not belong in it. */
  date: string;
  /** Today's business day: only today's list carries earlier receptions. */
  today: string;
  /** This browser's X-Ws-Session-Id: its own changes are already in its cache. */
  ownSessionId: string;
}

export interface ApplyEventResult {
  list: ReceptionList;
  /** False when the event was ignored (other day, own session, stale): `list` is then the input. */
  changed: boolean;
  /** The list needs a refetch to be exact (see hasInconsistentPartitions). */
  resync: boolean;
}

/** Narrows a live event of the app's socket to the reception events this list takes. */
export function isReceptionEvent(event: { type: string }): event is ReceptionEvent {
  return event.type.startsWith("reception.");
}

export function isOwnEvent(event: Pick<ReceptionEvent, "originSessionId">, ownSessionId: string): boolean {
  return event.originSessionId !== undefined && event.originSessionId === ownSessionId;
}

/** Whether an event carries an older version of a reception than the one held (events may be replayed after a refetch). */
function isStale(existing: Reception | undefined, reception: Reception): boolean {
  return existing !== undefined && Date.parse(existing.updatedAt) > Date.parse(reception.updatedAt);
}

/** An earlier day's reception's event applied to today's carried rows. */
function applyCarriedEvent(list: ReceptionList, event: ReceptionEvent, today: string): ApplyEventResult {
  const { reception } = event;
  const existing = list.carried.find((entry) => entry.id === reception.id);
  if (isStale(existing, reception) || (event.type === "reception.deleted" && !existing))
    return { list, changed: false, resync: false };
  const next =
    event.type === "reception.deleted"
      ? { ...list, carried: list.carried.filter((entry) => entry.id !== reception.id) }
      : withCarried(list, reception, today);
  return { list: next, changed: next !== list, resync: false };
}

/**
 * A live event applied to the cached list of one day, `total` kept in step with the entries; on
 * today's list an earlier day's reception enters, changes in or leaves the carried rows.
 */
export function applyReceptionEvent(
  list: ReceptionList,
  event: ReceptionEvent,
  options: ApplyEventOptions,
): ApplyEventResult {
  const unchanged: ApplyEventResult = { list, changed: false, resync: false };
  if (isOwnEvent(event, options.ownSessionId)) return unchanged;
  const { reception } = event;
  if (reception.receptionDate < options.date && options.date === options.today)
    return applyCarriedEvent(list, event, options.today);
  if (reception.receptionDate !== options.date) return unchanged;

  const existing = list.receptions.find((entry) => entry.id === reception.id);
  let next: ReceptionList;
  if (event.type === "reception.deleted") {
    if (!existing) return unchanged;
    next = withoutReception(list, reception.id);
  } else {
    // Events may be replayed after a refetch that already holds a newer version: never step back.
    if (isStale(existing, reception)) return unchanged;
    next = withReception(list, reception);
  }
  return { list: next, changed: true, resync: hasInconsistentPartitions(next.receptions) };
}

/** The other receptions that share this one's number on its day (its partitions). */
export function partitionSiblings(receptions: readonly Reception[], reception: Reception): Reception[] {
  return receptions.filter(
    (other) =>
      other.id !== reception.id &&
      other.receptionNumber === reception.receptionNumber &&
      other.receptionDate === reception.receptionDate,
  );
}

/**
 * Where 「分割」 moves one of this reception's prescriptions: the next free partition of its number
 * (a single reception counts as partition 1 once split). Only with two or more prescriptions: moving
 * the only one would just renumber the reception.
 */
export function splitTarget(receptions: readonly Reception[], reception: Reception): number | undefined {
  if (reception.prescriptions.length < 2) return undefined;
  const used = [reception, ...partitionSiblings(receptions, reception)].map((entry) =>
    Math.max(1, entry.partitionNumber),
  );
  const next = Math.max(...used) + 1;
  return next <= MAX_PARTITION_NUMBER ? next : undefined;
}

/** Where 「まとめる」 moves a prescription back: the first partition of the number, if this is a later one. */
export function mergeTarget(receptions: readonly Reception[], reception: Reception): number | undefined {
  if (reception.partitionNumber === 0) return undefined;
  const lowest = Math.min(...partitionSiblings(receptions, reception).map((entry) => entry.partitionNumber));
  return Number.isFinite(lowest) && lowest >= 1 && lowest < reception.partitionNumber ? lowest : undefined;
}
