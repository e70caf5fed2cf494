import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, inject } from "vitest";
import { createScratchDatabase } from "@pharmacy/test-support/scratch-database";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { makeAccount, makeReception, uploadFile, type TestAccount } from "./factories.js";
import { startTestServer, type TestServer } from "./server.js";

/**
 * A server keeping photos in a FILES_DIR of its own; on PostgreSQL over a database of its own too, since
 * the server refuses to start when the database names photos of another test's folder.
 */
export async function startFilesDirServer(env: Record<string, string> = {}) {
  const filesDir = await mkdtemp(path.join(os.tmpdir(), "retention-files-"));
  const suiteDatabase = inject("databaseUrl");
  const scratch = suiteDatabase ? await createScratchDatabase(suiteDatabase, "pharmacy_retention") : undefined;
  const server = await startTestServer({ FILES_DIR: filesDir, ...(scratch && { DATABASE_URL: scratch.url }), ...env });
  return {
    server,
    async close() {
      await server.close();
      await scratch?.drop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

/** Sets the server's clock to a JST wall-clock time and signs the accounts in again (a jump of months outlives any token). */
export async function atJst(server: TestServer, jst: string, accounts: TestAccount[]): Promise<void> {
  server.clock.set(new Date(`${jst}+09:00`));
  for (const account of accounts) {
    const signedIn = await server.api.post("/auth/sign_in", { email: account.email, password: account.password });
    expect(signedIn.status).toBe(200);
    Object.assign(account, signedIn.body);
  }
}

/** A new branch, made at 08:00 JST on the retention tests' day 0 (Wednesday 2026-11-25). */
export async function branchOnDayZero(server: TestServer): Promise<TestAccount> {
  await atJst(server, "2026-11-25T08:00:00", []);
  return makeAccount(server);
}

/** A counter reception made by staff, with one photo (its bytes in the files folder) and the patient's details. */
export async function receptionWithPhoto(server: TestServer, account: TestAccount, details = {}) {
  const reception = await makeReception(server, account);
  const upload = await uploadFile(server, account, JPEG_BYTES, { receptionId: reception.id });
  expect(upload.status).toBe(201);
  const patched = await server.api.request("PATCH", `/api/reception/${reception.id}`, {
    body: { id: reception.id, patientName: "保存 太郎", phone: "09011112222", ...details },
    token: account.idToken,
  });
  expect(patched.status).toBe(200);
  return { id: reception.id, fileId: upload.body.file.id as string };
}

export async function handOver(server: TestServer, account: TestAccount, id: string): Promise<void> {
  const completed = await server.api.request("PATCH", `/api/reception/${id}`, {
    body: { id, status: "Completed" },
    token: account.idToken,
  });
  expect(completed.status).toBe(200);
  expect((await server.api.post(`/api/reception/${id}/hand_over`, undefined, account.idToken)).status).toBe(200);
}

/** Whether a stored photo's bytes are in the files folder (FILES_DIR). */
export async function onDisk(server: TestServer, pharmacyId: string, fileId: string): Promise<boolean> {
  const file = path.join(server.config.filesDir!, pharmacyId, fileId);
  return (await stat(file).catch(() => undefined)) !== undefined;
}

/** Waits (up to 20 s) until `check` holds, reading it again every 50 ms; its last value. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** The details of the branch's `retention.swept` entries in the audit log, oldest first. */
export async function sweptDetails(server: TestServer, pharmacyId: string): Promise<string[]> {
  const rows = await server.database.db
    .selectFrom("audit_log")
    .select(["detail", "actor_type", "target_type"])
    .where("pharmacy_id", "=", pharmacyId)
    .where("action", "=", "retention.swept")
    .orderBy("seq")
    .execute();
  for (const row of rows) expect([row.actor_type, row.target_type]).toEqual(["system", "retention"]);
  return rows.map((row) => row.detail ?? "");
}
