import { PGlite } from "@electric-sql/pglite";
import type { AppConfig } from "../../config/config.js";
import { BucketFileStore, keyOf } from "./bucket-store.js";

/** Photos checked against the bucket at once after a restore. */
const CHECKS_AT_ONCE = 16;
/** Missing keys named in the operator's message; the rest are counted. */
const KEYS_NAMED = 10;

interface BucketPhoto {
  pharmacy_id: string;
  id: string;
}

/**
 * The photos whose bytes are in the bucket, as the database (DATABASE_URL, or the embedded one in
 * `pgliteDir`, its server stopped) names them: what a backup holds the names of but not the bytes.
 */
async function bucketPhotos(config: AppConfig, pgliteDir: string): Promise<BucketPhoto[]> {
  // a backup taken before photos could be in a bucket has no such column yet (the server adds it at start)
  const query = `select pharmacy_id, id from files where in_bucket order by id`;
  const hasColumn = `select 1 from information_schema.columns where table_name = 'files' and column_name = 'in_bucket'`;
  if (config.databaseUrl) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      return (await client.query(hasColumn)).rowCount ? (await client.query<BucketPhoto>(query)).rows : [];
    } finally {
      await client.end();
    }
  }
  const pglite = await PGlite.create(pgliteDir);
  try {
    return (await pglite.query(hasColumn)).rows.length > 0 ? (await pglite.query<BucketPhoto>(query)).rows : [];
  } finally {
    await pglite.close();
  }
}

/** What `npm run backup` says of the bucket: its photos are named in the backup, not copied into it. */
export async function backupBucketNote(config: AppConfig, pgliteDir: string): Promise<string | undefined> {
  if (!config.filesBucket) return undefined;
  const count = (await bucketPhotos(config, pgliteDir)).length;
  return (
    `${count} photos are in the S3 bucket ${config.filesBucket.bucket}: this backup names them but does not hold ` +
    `their bytes. Keep the bucket versioned (or replicated) for at least as long as you keep backups.`
  );
}

/**
 * After a restore: every photo the restored rows keep in the bucket is looked for there. Missing ones
 * (deleted since the backup, or another bucket) are named, so the operator brings them back from the
 * bucket's versions before staff open them; undefined when all are there.
 */
export async function missingFromBucket(config: AppConfig, pgliteDir: string): Promise<string | undefined> {
  // without a bucket set, a server refuses to start over photos kept in one (FileService.checkBytesReachable)
  if (!config.filesBucket) return undefined;
  const store = new BucketFileStore(config.filesBucket);
  const photos = await bucketPhotos(config, pgliteDir);
  const missing: string[] = [];
  for (let start = 0; start < photos.length; start += CHECKS_AT_ONCE) {
    const batch = photos.slice(start, start + CHECKS_AT_ONCE);
    const found = await Promise.all(batch.map((photo) => store.has(photo.pharmacy_id, photo.id)));
    batch.forEach((photo, index) => found[index] || missing.push(keyOf(photo.pharmacy_id, photo.id, "original")));
  }
  if (missing.length === 0) return undefined;
  const named = missing.slice(0, KEYS_NAMED).join(", ");
  const more = missing.length > KEYS_NAMED ? ` and ${missing.length - KEYS_NAMED} more` : "";
  return (
    `${missing.length} of ${photos.length} restored photos are not in the S3 bucket ${config.filesBucket.bucket}: ` +
    `${named}${more}. Bring them back from the bucket's versions (their keys are these); until then they answer 404.`
  );
}
