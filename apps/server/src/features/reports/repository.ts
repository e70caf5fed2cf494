import { sql } from "kysely";
import {
  ReceiveMethodSchema,
  ReceptionChannelSchema,
  type ReceiveMethod,
  type ReceptionChannel,
} from "@pharmacy/contract/shared/enums";
import type { Db } from "../../db/schema.js";

/**
 * Read-only queries over the receptions feature's tables (receptions, reception_audit, photo_requests):
 * reports write nothing and own no table, so they read the rows directly rather than through a service
 * that would load every reception of a year.
 */

export interface ReportRange {
  /** One branch, or every branch of an organisation: each row says whose it is. */
  pharmacyIds: readonly string[];
  /** Business days, both included. */
  from: string;
  to: string;
  /**
   * When the business days of the range open, by hours: branches with the same business hours share
   * them (a chain's branches mostly keep a few sets of hours), so a year of a thousand branches is not a
   * million openings. A day without hours is left out.
   */
  hoursOf: { pharmacyId: string; hours: number }[];
  openings: { hours: number; date: string; opensAt: Date }[];
}

/** The branches' rows: the ids as one parameter each (a thousand branches stay far below the limit). */
function ofBranches(pharmacyIds: readonly string[], column = "pharmacy_id") {
  return pharmacyIds.length === 0
    ? sql<boolean>`false`
    : sql<boolean>`${sql.ref(column)} in (${sql.join(pharmacyIds)})`;
}

/**
 * A reception as a patient sees it: one per number and day, however many partitions it was split into
 * (a number's partitions share its channel, answers and reception time). Its wait ends when every
 * partition is Completed. Its wait starts at confirmation, or at its day's opening when it was sent
 * while the branch was closed (a Web reception sent overnight is the next opening's): the hours the
 * branch was closed are nobody's wait. Unsplit receptions (partition 0, nearly all) are taken as they
 * are; only split ones are grouped, which keeps a year of a busy branch one scan.
 */
function liveNumbers({ pharmacyIds, from, to, hoursOf, openings }: ReportRange) {
  const live = sql`${ofBranches(pharmacyIds)} and business_date between ${from} and ${to} and deleted_at is null`;
  // two parameters for the whole period, however many days and branches it has
  const days = sql`join jsonb_to_recordset(${JSON.stringify(hoursOf)}::jsonb) as branch("pharmacyId" uuid, hours int)
        on branch."pharmacyId" = pharmacy_id
      left join jsonb_to_recordset(${JSON.stringify(openings)}::jsonb) as openings(hours int, date text, "opensAt" timestamptz)
        on openings.hours = branch.hours and openings.date = business_date`;
  return sql`
    select pharmacy_id, business_date, channel, answers->>'receiveMethod' as receive_method, created_at,
      case when status = 'Completed' and completed_at is not null and confirmed_at is not null
        then greatest(extract(epoch from completed_at - greatest(confirmed_at, "opensAt")), 0) / 60 end as wait_minutes
    from receptions ${days}
    where ${live} and partition_number = 0
    union all
    select pharmacy_id, business_date, min(channel), min(answers->>'receiveMethod'), min(created_at),
      case when bool_and(status = 'Completed' and completed_at is not null) and min(confirmed_at) is not null
        then greatest(extract(epoch from max(completed_at) - greatest(min(confirmed_at), min("opensAt"))), 0) / 60 end
    from receptions ${days}
    where ${live} and partition_number > 0
    group by pharmacy_id, business_date, reception_number`;
}

export interface DayRow {
  pharmacyId: string;
  date: string;
  total: number;
  channels: Record<ReceptionChannel, number>;
  receiveMethods: Record<ReceiveMethod, number>;
  /** Minutes from confirmation (or the day's opening) to Completed; null on a day without a finished reception. */
  waitMedian: number | null;
  waitP90: number | null;
}

/** Each day's receptions, their mix and the wait's median and 90th percentile, in one pass. */
export async function dayFigures(db: Db, range: ReportRange): Promise<DayRow[]> {
  const { rows } = await sql<DayRow>`
    select pharmacy_id as "pharmacyId", business_date as "date", count(*)::int as total,
      json_build_object(${sql.join(ReceptionChannelSchema.options.map((channel) => sql`${channel}::text, count(*) filter (where channel = ${channel})`))}) as channels,
      json_build_object(${sql.join(ReceiveMethodSchema.options.map((method) => sql`${method}::text, count(*) filter (where receive_method = ${method})`))}) as "receiveMethods",
      percentile_cont(0.5) within group (order by wait_minutes) as "waitMedian",
      percentile_cont(0.9) within group (order by wait_minutes) as "waitP90"
    from (${liveNumbers(range)}) as numbers
    group by pharmacy_id, business_date`.execute(db);
  return rows.map((row) => ({
    ...row,
    channels: parsedJson(row.channels),
    receiveMethods: parsedJson(row.receiveMethods),
    waitMedian: row.waitMedian === null ? null : Number(row.waitMedian),
    waitP90: row.waitP90 === null ? null : Number(row.waitP90),
  }));
}

/** node-postgres parses json columns, PGlite too; either way the object comes out. */
function parsedJson<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

export interface HourRow {
  hour: number;
  total: number;
}

/** Receptions by the hour of day (Asia/Tokyo: +9 h all year, no daylight saving) they were made, all branches together. */
export async function receptionsByHour(db: Db, range: ReportRange): Promise<HourRow[]> {
  const { rows } = await sql<HourRow>`
    select extract(hour from created_at at time zone 'UTC' + interval '9 hours')::int as hour, count(*)::int as total
    from (${liveNumbers(range)}) as numbers
    group by 1`.execute(db);
  return rows;
}

export interface DayCountRow {
  pharmacyId: string;
  date: string;
  total: number;
}

/** Receptions deleted as abandoned (never confirmed at the counter), by their business day. */
export async function abandonedByDay(
  db: Db,
  { pharmacyIds, from, to }: Pick<ReportRange, "pharmacyIds" | "from" | "to">,
): Promise<DayCountRow[]> {
  const { rows } = await sql<DayCountRow>`
    select r.pharmacy_id as "pharmacyId", business_date as "date", count(*)::int as total
    from receptions as r
    where ${ofBranches(pharmacyIds, "r.pharmacy_id")} and r.business_date between ${from} and ${to} and r.deleted_at is not null
      and exists (select 1 from reception_audit as a where a.reception_id = r.id and a.action = 'abandoned')
    group by r.pharmacy_id, business_date`.execute(db);
  return rows;
}

/** New photos asked of visitors, by the business day they were asked on. */
export async function photoRequestsByDay(
  db: Db,
  pharmacyIds: readonly string[],
  window: { start: Date; end: Date },
): Promise<DayCountRow[]> {
  const { rows } = await sql<DayCountRow>`
    select pharmacy_id as "pharmacyId",
      to_char(requested_at at time zone 'UTC' + interval '9 hours', 'YYYY-MM-DD') as "date", count(*)::int as total
    from photo_requests
    where ${ofBranches(pharmacyIds)} and requested_at >= ${window.start} and requested_at < ${window.end}
    group by 1, 2`.execute(db);
  return rows;
}
