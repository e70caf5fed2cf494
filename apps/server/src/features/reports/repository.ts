import { sql } from "kysely";
import type { ReceiveMethod, ReceptionChannel } from "@pharmacy/contract/enums";
import type { Db } from "../../db/schema.js";

/**
 * Read-only queries over the receptions feature's tables (receptions, reception_audit, photo_requests):
 * reports write nothing and own no table, so they read the rows directly rather than through a service
 * that would load every reception of a year.
 */

export interface ReportRange {
  pharmacyId: string;
  /** Business days, both included. */
  from: string;
  to: string;
}

/**
 * A reception as a patient sees it: one per number and day, however many partitions it was split into.
 * It is finished when every partition is Completed, at the last one's completion.
 */
function liveNumbers({ pharmacyId, from, to }: ReportRange) {
  return sql`
    select business_date,
      min(channel) as channel,
      min(answers->>'receiveMethod') as receive_method,
      min(created_at) as created_at,
      min(confirmed_at) as confirmed_at,
      case when bool_and(status = 'Completed' and completed_at is not null) then max(completed_at) end as completed_at
    from receptions
    where pharmacy_id = ${pharmacyId} and business_date between ${from} and ${to} and deleted_at is null
    group by business_date, reception_number`;
}

export interface MixRow {
  date: string;
  channel: ReceptionChannel;
  receiveMethod: ReceiveMethod | null;
  total: number;
}

export async function receptionMix(db: Db, range: ReportRange): Promise<MixRow[]> {
  const { rows } = await sql<MixRow>`
    select business_date as "date", channel, receive_method as "receiveMethod", count(*)::int as total
    from (${liveNumbers(range)}) as numbers
    group by business_date, channel, receive_method`.execute(db);
  return rows;
}

export interface WaitRow {
  date: string;
  median: number;
  p90: number;
}

/** Minutes from confirmation to Completed, per day with at least one finished reception. */
export async function waitPercentiles(db: Db, range: ReportRange): Promise<WaitRow[]> {
  const { rows } = await sql<WaitRow>`
    select business_date as "date",
      percentile_cont(0.5) within group (order by minutes) as median,
      percentile_cont(0.9) within group (order by minutes) as p90
    from (
      select business_date, greatest(extract(epoch from completed_at - confirmed_at), 0) / 60 as minutes
      from (${liveNumbers(range)}) as numbers
      where completed_at is not null and confirmed_at is not null
    ) as waits
    group by business_date`.execute(db);
  return rows.map((row) => ({ date: row.date, median: Number(row.median), p90: Number(row.p90) }));
}

export interface HourRow {
  hour: number;
  total: number;
}

/** Receptions by the hour of day (Asia/Tokyo: +9 h all year, no daylight saving) they were made. */
export async function receptionsByHour(db: Db, range: ReportRange): Promise<HourRow[]> {
  const { rows } = await sql<HourRow>`
    select extract(hour from created_at at time zone 'UTC' + interval '9 hours')::int as hour, count(*)::int as total
    from (${liveNumbers(range)}) as numbers
    group by 1`.execute(db);
  return rows;
}

export interface DayCountRow {
  date: string;
  total: number;
}

/** Receptions deleted as abandoned (never confirmed at the counter), by their business day. */
export async function abandonedByDay(db: Db, { pharmacyId, from, to }: ReportRange): Promise<DayCountRow[]> {
  const { rows } = await sql<DayCountRow>`
    select business_date as "date", count(*)::int as total
    from receptions as r
    where r.pharmacy_id = ${pharmacyId} and r.business_date between ${from} and ${to} and r.deleted_at is not null
      and exists (select 1 from reception_audit as a where a.reception_id = r.id and a.action = 'abandoned')
    group by business_date`.execute(db);
  return rows;
}

/** New photos asked of visitors, by the business day they were asked on. */
export async function photoRequestsByDay(db: Db, pharmacyId: string, window: { start: Date; end: Date }): Promise<DayCountRow[]> {
  const { rows } = await sql<DayCountRow>`
    select to_char(requested_at at time zone 'UTC' + interval '9 hours', 'YYYY-MM-DD') as "date", count(*)::int as total
    from photo_requests
    where pharmacy_id = ${pharmacyId} and requested_at >= ${window.start} and requested_at < ${window.end}
    group by 1`.execute(db);
  return rows;
}
