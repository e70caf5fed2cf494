import path from "node:path";
import type { AppConfig } from "../../config/config.js";
import type { DatabaseHandle } from "../../db/database.js";
import { BucketFileStore } from "./bucket-store.js";
import { DiskFileStore } from "./disk-store.js";

/** Where file bytes are kept outside the database: each row says which (`on_disk`, `in_bucket`). */
export interface FileStores {
  disk: DiskFileStore | undefined;
  bucket: BucketFileStore | undefined;
}

/**
 * Embedded database: a folder (its one connection must not carry bytes), FILES_DIR or else
 * `DATA_DIR/files`. PostgreSQL: FILES_DIR when set, a folder every process shares; unset, photos
 * kept in PostgreSQL itself are read from there. FILES_S3_BUCKET: new bytes go to the bucket, and
 * photos kept in a folder before are still read from it.
 */
export function fileStoresOf(
  database: Pick<DatabaseHandle, "engine">,
  config: Pick<AppConfig, "dataDir" | "filesDir" | "filesBucket">,
): FileStores {
  return {
    disk:
      database.engine === "pglite" || config.filesDir
        ? new DiskFileStore(filesDirOf(config), { shared: database.engine !== "pglite" })
        : undefined,
    bucket: config.filesBucket && new BucketFileStore(config.filesBucket),
  };
}

/** Where new bytes go: the bucket when one is set, else the folder; undefined: into PostgreSQL. */
export function storeForNewBytes(stores: FileStores): BucketFileStore | DiskFileStore | undefined {
  return stores.bucket ?? stores.disk;
}

export function filesDirOf(config: Pick<AppConfig, "dataDir" | "filesDir">): string {
  return config.filesDir ?? path.join(config.dataDir, "files");
}
