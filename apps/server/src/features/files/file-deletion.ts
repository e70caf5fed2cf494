import type { FastifyBaseLogger } from "fastify";
import type { Work } from "../../live/unit-of-work.js";
import type { FileStores } from "./file-store.js";
import { deleteFileRows } from "./repository.js";

/**
 * Deletes files, rows and bytes wherever each row says they are (database, folder, bucket). The rows
 * go with the caller's transaction; the bytes once it has committed, never if it rolls back, so no
 * row is left naming bytes that are gone. Bytes that fail to go (a bucket that is down) are named by
 * no row any more: the start-up sweeps remove them. How many rows went.
 */
export async function deleteStoredFiles(
  work: Work,
  stores: FileStores,
  ids: string[],
  log: Pick<FastifyBaseLogger, "warn">,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await deleteFileRows(work.db, ids);
  work.afterCommit(async () => {
    for (const row of rows) {
      const store = row.in_bucket ? stores.bucket : row.on_disk ? stores.disk : undefined;
      await store
        ?.remove(row.pharmacy_id, row.id)
        .catch((error: unknown) =>
          log.warn({ err: error, fileId: row.id }, "a deleted file's bytes are left to the sweep"),
        );
    }
  });
  return rows.length;
}
