import { S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createScratchDatabase } from "@pharmacy/test-support/scratch-database";
import { atJst, branchOnDayZero, eventually, handOver, receptionWithPhoto, sweptDetails } from "./helpers/retention.js";
import { objectExists, startS3StandIn } from "./helpers/s3-stand-in.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

/**
 * docs/rules.md#records-kept-and-deleted with the photos in object storage (an S3 stand-in) instead of
 * FILES_DIR: the retention sweep deletes the bucket's objects, not only the rows. Same days as
 * retention-sweep.test.ts: day 0 is 2026-11-26, a twin made the day before proves the sweep ran.
 */
const BUCKET = "pharmacy-retention";
let bucket: Awaited<ReturnType<typeof startS3StandIn>>;
let s3: S3Client;
let server: TestServer;
let dropDatabase = async () => {};

beforeAll(async () => {
  bucket = await startS3StandIn(BUCKET);
  s3 = new S3Client(bucket.clientSettings);
  // on PostgreSQL a database of its own: the bucket's start-up sweep must not see another test's photos
  const suiteDatabase = inject("databaseUrl");
  const scratch = suiteDatabase ? await createScratchDatabase(suiteDatabase, "pharmacy_retention_bucket") : undefined;
  if (scratch) dropDatabase = scratch.drop;
  server = await startTestServer({
    ...bucket.env,
    ...(scratch && { DATABASE_URL: scratch.url }),
    RETENTION_SWEEP_SECONDS: "0.05",
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  s3?.destroy();
  await dropDatabase();
  await bucket?.close();
});

const inBucket = (key: string) => objectExists(s3, BUCKET, key);

const branch = () => branchOnDayZero(server);

describe("the retention sweep with photos in a bucket", () => {
  it("deletes a handed-over reception's object on day 91 at 00:01 JST, not on day 90", async () => {
    const admin = await branch();
    const key = (fileId: string) => `${admin.user.pharmacyId}/${fileId}`;
    await atJst(server, "2026-11-25T08:30:00", [admin]);
    const twin = await receptionWithPhoto(server, admin);
    await handOver(server, admin, twin.id);
    await atJst(server, "2026-11-26T08:30:00", [admin]);
    const kept = await receptionWithPhoto(server, admin);
    await handOver(server, admin, kept.id);
    const row = await server.database.db
      .selectFrom("files")
      .select(["in_bucket", "on_disk", "data"])
      .where("id", "=", kept.fileId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ in_bucket: true, on_disk: false, data: null });
    expect(await inBucket(key(kept.fileId))).toBe(true);

    await atJst(server, "2027-02-24T23:59:00", [admin]);
    expect(
      await eventually(
        () => inBucket(key(twin.fileId)),
        (there) => !there,
      ),
    ).toBe(false);
    expect(await inBucket(key(kept.fileId))).toBe(true);
    expect((await server.api.get(`/api/file/${kept.fileId}`, admin.idToken)).status).toBe(200);

    await atJst(server, "2027-02-25T00:01:00", [admin]);
    expect(
      await eventually(
        () => inBucket(key(kept.fileId)),
        (there) => !there,
      ),
    ).toBe(false);
    expect(await inBucket(`${key(kept.fileId)}.thumb.jpg`)).toBe(false);
    expect(await server.database.db.selectFrom("files").select("id").where("id", "=", kept.fileId).execute()).toEqual(
      [],
    );
    expect((await server.api.get(`/api/file/${kept.fileId}`, admin.idToken)).status).toBe(404);
    expect(
      await eventually(
        () => sweptDetails(server, admin.user.pharmacyId),
        (rows) => rows.length >= 2,
      ),
    ).toEqual([
      "お渡し済み受付の写真とコードの読取データ 1件（保存期間 90日）",
      "お渡し済み受付の写真とコードの読取データ 1件（保存期間 90日）",
    ]);
  });

  it("deletes a deleted reception's object at the next sweep", async () => {
    const admin = await branch();
    await atJst(server, "2026-11-26T08:30:00", [admin]);
    const deleted = await receptionWithPhoto(server, admin);
    const key = `${admin.user.pharmacyId}/${deleted.fileId}`;
    expect(await inBucket(key)).toBe(true);
    expect((await server.api.request("DELETE", `/api/reception/${deleted.id}`, { token: admin.idToken })).status).toBe(
      204,
    );
    expect(
      await eventually(
        () => inBucket(key),
        (there) => !there,
      ),
    ).toBe(false);
    expect(
      await eventually(
        () => sweptDetails(server, admin.user.pharmacyId),
        (rows) => rows.length >= 1,
      ),
    ).toEqual(["削除・中断した受付の写真とコードの読取データ 1件（保存期間 0日）"]);
  });
});
