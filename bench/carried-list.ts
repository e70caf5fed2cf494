/**
 * Today's list (GET /api/reception) with a year of history against the same list without it, in the same
 * run (docs/rules.md#across-days: the carried rows come from an index, not a scan of every past day). Today: 500
 * receptions. History: 250 days × 150 receptions, every one handed over except one on every seventh day
 * (about 36 carried), seeded straight into the database (the API would need a year of clock). Each read
 * follows an edit, so every one misses the list cache and builds the list from the database: the
 * cached answer does not depend on history at all. Budget: with history, at least 0.8 of the
 * requests per second without it. On PostgreSQL it also prints the plan of the carried rows' query.
 * Usage: npm run bench:carried-list [-- embedded|postgres]
 */
import { sql } from "kysely";
import { addDays, businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import type { DatabaseHandle } from "../apps/server/src/db/database.js";
import { withInProcessServer } from "./lib/in-process-server.js";
import { engines, post } from "./lib/server.js";
import { percentile } from "./lib/percentile.js";

const TODAY_SIZE = 500;
const DAYS = 250;
const PER_DAY = 150;
const CARRIED_EVERY_DAYS = 7;
const ROUNDS = 30;
const BUDGET = 0.8;

async function seedHistory(database: DatabaseHandle, pharmacyId: string, today: string): Promise<void> {
  const first = addDays(today, -DAYS);
  const days = sql.raw(
    `generate_series('${first} 00:00+00'::timestamptz, '${addDays(today, -1)} 00:00+00'::timestamptz, interval '1 day')`,
  );
  // reception 1 of every seventh day is left unfinished (carried); every other one is handed over
  await sql`
    insert into receptions (id, pharmacy_id, business_date, reception_number, partition_number, channel, status, answers,
      created_at, updated_at, confirmed_at, completed_at, handed_over_at)
    select gen_random_uuid(), ${pharmacyId}, to_char(d at time zone 'UTC', 'YYYY-MM-DD'), n, 0,
      case when n % 4 = 0 then 'Web' else 'Paper' end,
      case when carried then 'Dispensing' else 'Completed' end,
      jsonb_build_object('receiveMethod', (array['Pharmacy', 'Locker', 'Delivery', 'ReturnVisit'])[1 + n % 4]),
      d + make_interval(mins => 3 * n), d + make_interval(mins => 3 * n), d + make_interval(mins => 3 * n + 1),
      case when not carried then d + make_interval(mins => 3 * n + 20) end,
      case when not carried then d + make_interval(mins => 3 * n + 30) end
    from ${days} as d, generate_series(1, ${PER_DAY}) as n,
      lateral (select n = 1 and (extract(epoch from d)::bigint / 86400) % ${CARRIED_EVERY_DAYS} = 0 as carried) as c`.execute(
    database.db,
  );
  await sql`analyze`.execute(database.db);
}

/**
 * Lists per second built from the database: before each timed request a staff edit of one reception (not
 * timed) drops the branch's cached lists, as any change does in the day.
 */
async function uncachedRate(
  baseUrl: string,
  token: string,
  receptionId: string,
): Promise<{ rate: number; p95: number; carried: number }> {
  const times: number[] = [];
  let carried = 0;
  for (let round = 0; round < ROUNDS + 3; round++) {
    const edit = await fetch(`${baseUrl}/api/reception/${receptionId}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ id: receptionId, note: `bench ${round}` }),
    });
    if (edit.status !== 200) throw new Error(`edit: ${edit.status}`);
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/reception?pageSize=${TODAY_SIZE}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { carried: unknown[] };
    if (response.status !== 200) throw new Error(`list: ${response.status}`);
    carried = body.carried.length;
    if (round >= 3) times.push(performance.now() - started); // the first rounds warm the caches
  }
  times.sort((a, b) => a - b);
  return { rate: 1000 / percentile(times, 50), p95: percentile(times, 95), carried };
}

async function main() {
  const rows: string[] = [];
  for (const engine of engines()) {
    await withInProcessServer(engine, async ({ baseUrl, database, token, pharmacyId }) => {
      const created: string[] = [];
      for (let count = 0; count < TODAY_SIZE; count += 50) {
        const batch = await Promise.all(
          Array.from({ length: 50 }, () => post(baseUrl, "/api/reception", undefined, token)),
        );
        created.push(...batch.map((response) => response.body.id as string));
      }
      const without = await uncachedRate(baseUrl, token, created[0]!);
      const today = businessDateOf();
      await seedHistory(database, pharmacyId, today);
      const withHistory = await uncachedRate(baseUrl, token, created[0]!);
      const share = withHistory.rate / without.rate;
      rows.push(
        `${engine.padEnd(9)} | without history ${without.rate.toFixed(0).padStart(4)} lists/s (p95 ${without.p95.toFixed(0)} ms, ${without.carried} carried) | ` +
          `with ${DAYS} days × ${PER_DAY} ${withHistory.rate.toFixed(0).padStart(4)} lists/s (p95 ${withHistory.p95.toFixed(0)} ms, ${withHistory.carried} carried) | ` +
          `${share.toFixed(2)} (budget ≥ ${BUDGET}: ${share >= BUDGET ? "met" : "MISSED"})`,
      );
      if (engine === "postgres") {
        const plan = await sql<{ "QUERY PLAN": string }>`
          explain select * from receptions
          where pharmacy_id = ${pharmacyId} and deleted_at is null and handed_over_at is null and business_date < ${today}`.execute(
          database.db,
        );
        rows.push(
          `  carried rows' plan on PostgreSQL:\n${plan.rows.map((row) => `    ${row["QUERY PLAN"]}`).join("\n")}`,
        );
      }
    });
  }
  console.log(
    `\nToday's list (${TODAY_SIZE} receptions, built from the database each time): medians of ${ROUNDS} requests\n${rows.join("\n")}`,
  );
}

await main();
