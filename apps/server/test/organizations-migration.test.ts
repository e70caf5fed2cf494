import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { createScratchDatabase } from "@pharmacy/test-support/scratch-database";
import { unpackClusterTemplate } from "../src/db/cluster-template.js";
import { openDatabase } from "../src/db/database.js";
import { hashPassword } from "../src/features/auth/passwords.js";
import { hashRefreshToken } from "../src/features/auth/secrets.js";
import { hashToken } from "../src/lib/token-hash.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

/**
 * Migration 026 (organisations, memberships) on a copy of the schema before it, holding data: the
 * database is built by the migrations up to 025, filled as a running server of then would have, then
 * opened by today's server, which migrates it. Every old refresh token, invitation link, device,
 * public link and status page must still work, through the real server.
 */
const MIGRATIONS_DIR = path.join(import.meta.dirname, "../src/db/migrations");
const LAST_BEFORE = "025";
const PASSWORD = "Passw0rdOld";

interface Session {
  exec(sql: string): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

const ids = {
  pharmacy: randomUUID(),
  other: randomUUID(),
  admin: randomUUID(),
  staff: randomUUID(),
  disabled: randomUUID(),
  invited: randomUUID(),
  otherAdmin: randomUUID(),
  device: randomUUID(),
  reception: randomUUID(),
};
const secrets = {
  adminRefresh: `refresh-${randomUUID()}`,
  invitation: `invite-${randomUUID()}`,
  device: `device-${randomUUID()}`,
  status: `status-${randomUUID()}`,
};
const SLUG = `slug${randomUUID().replaceAll("-", "")}`.slice(0, 24);

async function migrateUpTo(session: Session): Promise<void> {
  await session.exec(
    "create table schema_migrations (version text primary key, applied_at timestamptz not null default now())",
  );
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith(".sql") && file <= `${LAST_BEFORE}~`);
  for (const file of files.sort()) {
    await session.exec(await readFile(path.join(MIGRATIONS_DIR, file), "utf8"));
    await session.query("insert into schema_migrations (version) values ($1)", [file]);
  }
}

/** What a server of before organisations would have stored: two branches, people in every state, a device, a web reception. */
async function fillOldSchema(session: Session): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  const now = new Date("2026-11-19T23:00:00Z");
  const expires = new Date("2026-12-30T00:00:00Z");
  await session.query(
    `insert into pharmacies (id, name, address, phone, public_slug)
     values ($1, 'さくら薬局 本店', '東京都千代田区1-1', '03-1234-5678', $2), ($3, 'ほかの薬局', '', '', $4)`,
    [ids.pharmacy, SLUG, ids.other, `${SLUG}x`],
  );
  const person = (
    id: string,
    email: string,
    state: { confirmedAt: Date | null; invitedAt?: Date; disabledAt?: Date },
  ) =>
    session.query(
      `insert into users (id, email, password_hash, pharmacy_id, confirmed_at, name, role, invited_at, disabled_at)
       values ($1, $2, $3, $4, $5, '薬剤師', 'staff', $6, $7)`,
      [id, email, passwordHash, ids.pharmacy, state.confirmedAt, state.invitedAt ?? null, state.disabledAt ?? null],
    );
  await session.query(
    "insert into users (id, email, password_hash, pharmacy_id, confirmed_at, name, role) values ($1, 'admin@old.example.jp', $2, $3, $4, '管理 花子', 'admin')",
    [ids.admin, passwordHash, ids.pharmacy, now],
  );
  await person(ids.staff, "staff@old.example.jp", { confirmedAt: now, invitedAt: now });
  await person(ids.disabled, "disabled@old.example.jp", { confirmedAt: now, invitedAt: now, disabledAt: now });
  await person(ids.invited, "invited@old.example.jp", { confirmedAt: null, invitedAt: now });
  await session.query(
    "insert into users (id, email, password_hash, pharmacy_id, confirmed_at, role) values ($1, 'other@old.example.jp', $2, $3, $4, 'admin')",
    [ids.otherAdmin, passwordHash, ids.other, now],
  );
  await session.query(
    "insert into refresh_tokens (token_hash, user_id, expires_at, created_at) values ($1, $2, $3, $4)",
    [hashRefreshToken(secrets.adminRefresh), ids.admin, expires, now],
  );
  await session.query("insert into invitations (token_hash, user_id, expires_at, created_at) values ($1, $2, $3, $4)", [
    hashRefreshToken(secrets.invitation),
    ids.invited,
    new Date("2026-11-21T00:00:00Z"),
    now,
  ]);
  await session.query(
    "insert into devices (id, pharmacy_id, kind, name, token_hash, created_at) values ($1, $2, 'display', '待合室', $3, $4)",
    [ids.device, ids.pharmacy, hashRefreshToken(secrets.device), now],
  );
  await session.query(
    `insert into receptions (id, pharmacy_id, business_date, reception_number, partition_number, channel, answers,
       status_token_hash, created_at, updated_at, confirmed_at)
     values ($1, $2, '2026-11-20', 7, 0, 'Web', '{}', $3, $4, $4, $4)`,
    [ids.reception, ids.pharmacy, hashToken(secrets.status), now],
  );
  await session.query(
    "insert into reception_counters (pharmacy_id, business_date, last_number) values ($1, '2026-11-20', 7)",
    [ids.pharmacy],
  );
}

let server: TestServer;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  const databaseUrl = inject("databaseUrl");
  if (databaseUrl) {
    const scratch = await createScratchDatabase(databaseUrl, "org_migration");
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const session: Session = {
      exec: async (sql) => void (await client.query(sql)),
      query: (sql, p) => client.query(sql, p),
    };
    await migrateUpTo(session);
    await fillOldSchema(session);
    await client.end();
    server = await startTestServer({ DATABASE_URL: scratch.url }, undefined, () =>
      openDatabase({ databaseUrl: scratch.url, dataDir: os.tmpdir() }),
    );
    cleanUp = () => scratch.drop();
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-org-migration-"));
    // where the server keeps its embedded database in DATA_DIR, from the same template
    const pgliteDir = path.join(dir, "pglite");
    await unpackClusterTemplate(pgliteDir);
    const pglite = await PGlite.create(pgliteDir);
    const session: Session = {
      exec: async (sql) => void (await pglite.exec(sql)),
      query: (sql, p) => pglite.query(sql, p),
    };
    await migrateUpTo(session);
    await fillOldSchema(session);
    await pglite.close();
    server = await startTestServer({}, undefined, () => openDatabase({ databaseUrl: undefined, dataDir: dir }));
    cleanUp = () => rm(dir, { recursive: true, force: true });
  }
}, 300_000);
afterAll(async () => {
  await server?.close();
  await cleanUp?.();
});

describe("migration 026 on a database of before organisations", () => {
  it("an old refresh token still gives an id token of its branch and role, and its admin runs the organisation of one", async () => {
    const refreshed = await server.api.post("/auth/refresh_token", { refreshToken: secrets.adminRefresh });
    expect(refreshed.status).toBe(200);
    const me = await server.api.get("/api/user/me", refreshed.body.idToken);
    expect(me.body).toMatchObject({
      id: ids.admin,
      role: "admin",
      pharmacyId: ids.pharmacy,
      organizationId: ids.pharmacy,
      organizationAdmin: true,
    });
    const organization = await server.api.get("/api/organization", refreshed.body.idToken);
    expect(organization.body).toEqual({
      id: ids.pharmacy,
      name: "さくら薬局 本店",
      branches: [{ id: ids.pharmacy, name: "さくら薬局 本店", publicSlug: SLUG }],
    });
    const list = await server.api.get("/api/reception?date=2026-11-20", refreshed.body.idToken);
    expect(list.body.receptions.map((reception: { id: string }) => reception.id)).toEqual([ids.reception]);
  });

  it("every person keeps their branch, role and state", async () => {
    const { idToken } = (await server.api.post("/auth/refresh_token", { refreshToken: secrets.adminRefresh })).body;
    const staff = await server.api.get("/api/staff", idToken);
    const byEmail = Object.fromEntries(
      staff.body.staff.map((person: { email: string; role: string; status: string }) => [
        person.email,
        `${person.role} ${person.status}`,
      ]),
    );
    expect(byEmail).toEqual({
      "admin@old.example.jp": "admin active",
      "staff@old.example.jp": "staff active",
      "disabled@old.example.jp": "staff disabled",
      "invited@old.example.jp": "staff invited",
    });
    const branches = await server.api.get("/api/user/branches", idToken);
    expect(branches.body).toEqual({ branches: [{ id: ids.pharmacy, name: "さくら薬局 本店", role: "admin" }] });
  });

  it("a staff member signs in with their old password to their branch; a disabled one does not", async () => {
    const signedIn = await server.api.post("/auth/sign_in", { email: "staff@old.example.jp", password: PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toEqual({ id: ids.staff, email: "staff@old.example.jp", pharmacyId: ids.pharmacy });
    const me = await server.api.get("/api/user/me", signedIn.body.idToken);
    expect(me.body).toMatchObject({ role: "staff", organizationAdmin: false });
    const disabled = await server.api.post("/auth/sign_in", { email: "disabled@old.example.jp", password: PASSWORD });
    expect(disabled.status).toBe(400);
    expect(disabled.body.errorCode).toBe(1010);
  });

  it("an old invitation link is accepted and its person joins the branch", async () => {
    const accepted = await server.api.post("/auth/accept_invitation", {
      token: secrets.invitation,
      password: "NewPassw0rd",
    });
    expect(accepted.status).toBe(200);
    const signedIn = await server.api.post("/auth/sign_in", {
      email: "invited@old.example.jp",
      password: "NewPassw0rd",
    });
    expect(signedIn.body.user.pharmacyId).toBe(ids.pharmacy);
  });

  it("the device keeps its branch, the public link and the status page keep working", async () => {
    const device = await server.api.post("/auth/refresh_token", { refreshToken: secrets.device });
    expect(device.status).toBe(200);
    expect((await server.api.get("/api/display/board", device.body.idToken)).status).toBe(200);
    const branch = await server.api.get(`/api/public/pharmacy/${SLUG}`);
    expect(branch.status).toBe(200);
    expect(branch.body.name).toBe("さくら薬局 本店");
    const status = await server.api.get(`/api/public/reception/${secrets.status}`);
    expect(status.status).toBe(200);
    expect(status.body.receptionNumber).toBe(7);
  });

  it("the other branch became an organisation of its own: nothing of the first is seen from it", async () => {
    const signedIn = await server.api.post("/auth/sign_in", { email: "other@old.example.jp", password: PASSWORD });
    const organization = await server.api.get("/api/organization", signedIn.body.idToken);
    expect(organization.body.branches.map((branch: { id: string }) => branch.id)).toEqual([ids.other]);
    expect((await server.api.get(`/api/reception/${ids.reception}`, signedIn.body.idToken)).status).toBe(404);
  });
});
