/**
 * The day's lists of a branch: the day list with the receptions carried onto it (docs/rules.md#across-days)
 * and its cache, the pickups of a day, the days that have receptions, and the organisation's day counts.
 * It only reads; every change goes through ReceptionService.
 */
import { isCarriedOnto, pickupDateOf } from "@pharmacy/contract/receptions/across-days";
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import type {
  Pickups,
  Reception,
  ReceptionDates,
  ReceptionList,
  ReceptionListQuerySchema,
} from "@pharmacy/contract/receptions/receptions";
import type { z } from "zod";
import { EncodedBody } from "../../lib/encoded-body.js";
import { toReception } from "./mapping.js";
import * as repo from "./repository.js";
import type { ReceptionServiceDeps } from "./service-deps.js";

export type ReceptionListQuery = z.output<typeof ReceptionListQuerySchema>;

export class DayLists {
  constructor(private readonly deps: Pick<ReceptionServiceDeps, "db" | "clock" | "listCache">) {}

  today(): string {
    return businessDateOf(this.deps.clock.now());
  }

  /** Today's counts of each of these branches (the organisation's day), keyed by branch; a branch of none is absent. */
  async dayCountsByBranch(pharmacyIds: string[], today: string) {
    if (pharmacyIds.length === 0) return new Map();
    const rows = await repo.countDayByBranch(this.deps.db, pharmacyIds, today);
    return new Map(
      rows.map((row) => [
        row.pharmacy_id,
        {
          received: Number(row.received),
          waiting: Number(row.waiting),
          completed: Number(row.completed),
          carried: Number(row.carried),
          pickupsDue: Number(row.pickups_due),
        },
      ]),
    );
  }

  /**
   * The day's list as JSON, from the cache (at once, without a promise: screens poll it) when nothing
   * of the branch changed since it was read.
   */
  listJson(pharmacyId: string, query: ReceptionListQuery): EncodedBody | Promise<EncodedBody> {
    const today = this.today();
    const filter = { pharmacyId, businessDate: query.date ?? today, status: query.status, channel: query.channel };
    // today is in the key: at midnight yesterday's list stops carrying and the new day's carries
    const key = `${today}|${filter.businessDate}|${filter.status ?? ""}|${filter.channel ?? ""}|${query.page}|${query.pageSize}`;
    return this.deps.listCache.get(pharmacyId, key) ?? this.readList(filter, query, key, today);
  }

  private async readList(
    filter: repo.DayFilter,
    query: ReceptionListQuery,
    key: string,
    today: string,
  ): Promise<EncodedBody> {
    const { pharmacyId } = filter;
    const generation = this.deps.listCache.generation(pharmacyId);
    const [{ rows, total }, carried] = await Promise.all([
      repo.listDay(this.deps.db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
      filter.businessDate === today ? this.carriedOnto(filter) : [],
    ]);
    const list: ReceptionList = {
      receptions: rows.map((row) => toReception(row, row.prescriptions, row.photo_request)),
      total,
      carried,
    };
    const json = new EncodedBody(Buffer.from(JSON.stringify(list)));
    this.deps.listCache.set(pharmacyId, key, json, generation);
    return json;
  }

  /** Every earlier reception carried onto today's list (持ち越し, docs/rules.md#across-days), oldest day first. */
  private async carriedOnto(filter: repo.DayFilter): Promise<Reception[]> {
    const rows = await repo.listCarriedCandidates(this.deps.db, filter);
    return rows
      .map((row) => toReception(row, row.prescriptions, row.photo_request))
      .filter((reception) => isCarriedOnto(reception, filter.businessDate));
  }

  /** The receptions to be collected on `date` (default today), not handed over yet. */
  async pickups(pharmacyId: string, date = this.today()): Promise<Pickups> {
    const rows = await repo.listPickupCandidates(this.deps.db, pharmacyId, date);
    return {
      receptions: rows
        .map((row) => toReception(row, row.prescriptions, row.photo_request))
        .filter((reception) => pickupDateOf(reception) === date),
    };
  }

  /** The days that have receptions (the date picker's). */
  async dates(pharmacyId: string): Promise<ReceptionDates> {
    return { dates: await repo.listDates(this.deps.db, pharmacyId) };
  }
}
