/**
 * The chain of SPEC §14 in bench:chain: one organisation of N branches beside the N organisations of one,
 * its admin a member of every branch. While the change load runs, a process of its own reads the chain's
 * day (GET /api/organization/today), switches branch (POST /auth/switch_branch, each switch from the
 * tokens the last one gave; the admin's calls take turns) and, as the reference, reads a single branch's
 * day list, all at the same rate.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type pg from "pg";
import type { createIdTokens } from "../../apps/server/src/features/auth/id-tokens.js";
import { percentile } from "./percentile.js";

/** Reads of each kind per second, in all (an area manager's screens, not a load of their own). */
const READS_PER_SECOND = 5;

export interface OrganizationSeed {
  /** The org admin's id token, on the organisation's first branch. */
  adminToken: string;
  branchIds: string[];
  /** One id token per branch (the admin there), for the change load and the sockets. */
  branchTokens: Array<{ token: string; displayToken: string }>;
}

export interface OrganizationArgs {
  urls: string[];
  /** A JSON file of the OrganizationSeed (its tokens are too many for a command line). */
  seedFile: string;
  phases: Array<{ from: number; to: number }>;
}

export interface OrganizationReads {
  day: number[];
  switches: number[];
  list: number[];
  errors: number;
  failures: string[];
}

/** One organisation of `count` branches and its admin, a member (admin) of each, seeded in SQL. */
export async function seedOrganization(
  client: pg.Client,
  count: number,
  tokens: ReturnType<typeof createIdTokens>,
): Promise<OrganizationSeed> {
  const organizationId = randomUUID();
  const adminId = randomUUID();
  const branchIds = Array.from({ length: count }, () => randomUUID());
  await client.query("insert into organizations (id, name) values ($1, 'さくら薬局チェーン')", [organizationId]);
  await client.query(
    "insert into pharmacies (id, name, public_slug, organization_id) select p, 'さくら薬局 ' || n, replace(p::text, '-', ''), $2 from unnest($1::uuid[]) with ordinality as t(p, n)",
    [branchIds, organizationId],
  );
  await client.query(
    "insert into users (id, email, password_hash, confirmed_at, name) values ($1, 'area@example.jp', null, now(), '本部')",
    [adminId],
  );
  await client.query("insert into organization_admins (organization_id, user_id) values ($1, $2)", [
    organizationId,
    adminId,
  ]);
  await client.query(
    "insert into memberships (user_id, pharmacy_id, role, joined_at) select $1, p, 'admin', now() from unnest($2::uuid[]) p",
    [adminId, branchIds],
  );
  const claims = (pharmacyId: string, role: "admin" | "display") => ({
    userId: role === "admin" ? adminId : randomUUID(),
    pharmacyId,
    email: role === "admin" ? "area@example.jp" : "",
    name: role === "admin" ? "本部" : "呼出画面",
    role,
    organizationId,
    organizationAdmin: role === "admin",
    sessionId: randomUUID(),
    mfaSetupRequired: false,
  });
  const branchTokens = [];
  for (const id of branchIds)
    branchTokens.push({
      token: await tokens.sign(claims(id, "admin")),
      displayToken: await tokens.sign(claims(id, "display")),
    });
  return { adminToken: branchTokens[0]!.token, branchIds, branchTokens };
}

/** The load role: per phase, the three reads at READS_PER_SECOND each (open loop), their latencies. */
export async function organizationReads({ urls, seedFile, phases }: OrganizationArgs): Promise<OrganizationReads[]> {
  const seed = JSON.parse(await readFile(seedFile, "utf8")) as OrganizationSeed;
  let token = seed.adminToken;
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
  const timed = async (result: OrganizationReads, into: number[], request: () => Promise<Response>) => {
    const started = performance.now();
    try {
      const response = await request();
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
      const body = (await response.json()) as { idToken?: string };
      into.push(performance.now() - started);
      if (body.idToken) token = body.idToken;
    } catch (error) {
      result.errors += 1;
      if (result.failures.length < 3) result.failures.push(String(error));
    }
  };
  const results: OrganizationReads[] = [];
  let person = Promise.resolve();
  const inFlight: Array<Promise<void>> = [];
  for (const phase of phases) {
    const result: OrganizationReads = { day: [], switches: [], list: [], errors: 0, failures: [] };
    results.push(result);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, phase.from - Date.now())));
    let reads = 0;
    while (Date.now() < phase.to) {
      for (; reads < Math.floor(((Date.now() - phase.from) * READS_PER_SECOND) / 1000); reads++) {
        const url = pick(urls);
        inFlight.push(
          timed(result, result.list, () =>
            fetch(`${url}/api/reception?pageSize=500`, {
              headers: { authorization: `Bearer ${pick(seed.branchTokens).token}` },
            }),
          ),
        );
        // one person, one session: a switch ends the session the day was read in, so their calls take turns
        const branchId = pick(seed.branchIds);
        person = person
          .then(() =>
            timed(result, result.day, () =>
              fetch(`${url}/api/organization/today`, { headers: { authorization: `Bearer ${token}` } }),
            ),
          )
          .then(() =>
            timed(result, result.switches, () =>
              fetch(`${url}/auth/switch_branch`, {
                method: "POST",
                headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
                body: JSON.stringify({ branchId }),
              }),
            ),
          );
        inFlight.push(person);
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  await Promise.all(inFlight);
  return results;
}

const DAY_BUDGET_P95_MS = 300;
const SWITCH_BUDGET_P95_MS = 200;

/** One row of the printed table: each read's p50 / p95, and its p95 against the single list's. */
export function organizationRow(label: string, rate: number, reads: OrganizationReads): string {
  const p = (values: number[], at: number) =>
    percentile(
      [...values].sort((a, b) => a - b),
      at,
    );
  const list95 = p(reads.list, 95);
  const cell = (values: number[], budget: number) =>
    `${p(values, 50).toFixed(1)} / ${p(values, 95).toFixed(1)} (×${(p(values, 95) / list95).toFixed(2)} the list; ${p(values, 95) < budget ? "met" : "MISSED"})`;
  return `${label} | ${String(rate).padStart(6)} | chain's day ${cell(reads.day, DAY_BUDGET_P95_MS)} | switch ${cell(reads.switches, SWITCH_BUDGET_P95_MS)} | single branch list ${p(reads.list, 50).toFixed(1)} / ${list95.toFixed(1)} | n ${reads.day.length}/${reads.switches.length}/${reads.list.length}${reads.errors ? ` | ${reads.errors} failed: ${reads.failures.join("; ")}` : ""}`;
}
