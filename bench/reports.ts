/**
 * GET /api/reports/daily over a year of a busy branch: 365 days × 150 receptions (a quarter of them
 * Web, every tenth still being prepared), 3 abandoned receptions and 2 photo requests a day, seeded
 * straight into the database (the API would need a year of clock). Prints the median and p95 time of
 * the whole-year report, of one month and of the CSV, with and without migration 011's index.
 * Usage: npm run bench:reports [-- embedded|postgres]
 */
import { sql } from "kysely";
import type { DatabaseHandle } from "../apps/server/src/db/database.js";
import { withInProcessServer } from "./lib/in-process-server.js";
import { engines } from "./lib/server.js";
import { percentile } from "./lib/percentile.js";

const DAYS = 365;
const PER_DAY = 150;
const ROUNDS = 15;
const FIRST_DAY = "2025-01-01";
const INDEX = "receptions_deleted_day_idx";

async function seedYear(database: DatabaseHandle, pharmacyId: string): Promise<void> {
  const { db } = database;
  // midnight UTC of each day: 9:00 at the pharmacy
  const days = sql.raw(
    `generate_series('${FIRST_DAY} 00:00+00'::timestamptz, '${FIRST_DAY} 00:00+00'::timestamptz + interval '${DAYS - 1} days', interval '1 day')`,
  );
  // reception n of a day is made at 9:00 + 3n minutes, confirmed a minute later, finished 5–44 minutes after that
  await sql`
    insert into receptions (id, pharmacy_id, business_date, reception_number, partition_number, channel, status, answers,
      created_at, updated_at, confirmed_at, completed_at)
    select gen_random_uuid(), ${pharmacyId}, to_char(d at time zone 'UTC', 'YYYY-MM-DD'), n, 0,
      case when n % 4 = 0 then 'Web' else 'Paper' end,
      case when n % 10 = 0 then 'Dispensing' else 'Completed' end,
      jsonb_build_object('receiveMethod', (array['Pharmacy', 'Locker', 'Delivery', 'ReturnVisit'])[1 + n % 4]),
      d + make_interval(mins => 3 * n), d + make_interval(mins => 3 * n), d + make_interval(mins => 3 * n + 1),
      case when n % 10 <> 0 then d + make_interval(mins => 3 * n + 1 + 5 + (n * 7) % 40) end
    from ${days} as d, generate_series(1, ${PER_DAY}) as n`.execute(db);
  await sql`
    with abandoned as (
      insert into receptions (id, pharmacy_id, business_date, reception_number, partition_number, channel, answers, created_at, updated_at, deleted_at)
      select gen_random_uuid(), ${pharmacyId}, to_char(d at time zone 'UTC', 'YYYY-MM-DD'), ${PER_DAY} + n, 0, 'Paper', '{}'::jsonb,
        d + make_interval(hours => 2, mins => n), d + make_interval(hours => 2, mins => n + 15), d + make_interval(hours => 2, mins => n + 15)
      from ${days} as d, generate_series(1, 3) as n
      returning id, deleted_at
    )
    insert into reception_audit (id, pharmacy_id, reception_id, action, actor, at)
    select gen_random_uuid(), ${pharmacyId}, id, 'abandoned', 'システム', deleted_at from abandoned`.execute(db);
  await sql`
    insert into photo_requests (id, pharmacy_id, reception_id, reason, requested_by, requested_at)
    select gen_random_uuid(), pharmacy_id, id, 'Blurry', 'bench', created_at + interval '2 minutes'
    from receptions where pharmacy_id = ${pharmacyId} and channel = 'Web' and reception_number in (4, 8)`.execute(db);
  await sql`analyze`.execute(db);
}

async function timings(url: string, token: string): Promise<{ median: number; p95: number }> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS + 2; round++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    if (round >= 2) times.push(performance.now() - started); // the first two warm the caches
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

async function main() {
  const rows: string[] = [];
  for (const engine of engines()) {
    await withInProcessServer(engine, async ({ baseUrl, database, token, pharmacyId }) => {
      const seeding = performance.now();
      await seedYear(database, pharmacyId);
      console.log(
        `${engine}: seeded ${DAYS * PER_DAY} receptions in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
      );
      for (const withIndex of [true, false]) {
        if (!withIndex) await sql`drop index if exists ${sql.id(INDEX)}`.execute(database.db);
        const year = await timings(`${baseUrl}/api/reports/daily?from=2025-01-01&to=2025-12-31`, token);
        const month = await timings(`${baseUrl}/api/reports/daily?from=2025-06-01&to=2025-06-30`, token);
        const csv = await timings(`${baseUrl}/api/reports/daily.csv?from=2025-01-01&to=2025-12-31`, token);
        const figures = [
          ["year", year],
          ["month", month],
          ["year CSV", csv],
        ] as const;
        rows.push(
          `${engine.padEnd(9)} | ${withIndex ? "with index 011   " : "without index 011"} | ` +
            figures
              .map(([name, t]) => `${name} median ${t.median.toFixed(0)} ms, p95 ${t.p95.toFixed(0)} ms`)
              .join(" | "),
        );
      }
    });
  }
  console.log(rows.join("\n"));
}

await main();
