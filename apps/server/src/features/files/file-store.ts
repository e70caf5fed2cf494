import path from "node:path";
import type { AppConfig } from "../../config/config.js";
import type { DatabaseHandle } from "../../db/database.js";
import { DiskFileStore } from "./disk-store.js";

/**
 * Where file bytes live: on disk under DATA_DIR with the embedded database (whose one connection
 * must not carry them); in PostgreSQL itself otherwise, read in chunks, so any number of processes
 * on any number of hosts serve them and `pg_dump` backs them up with everything else.
 */
export function fileStoreOf(database: DatabaseHandle, config: AppConfig): DiskFileStore | undefined {
  return database.engine === "pglite" ? new DiskFileStore(filesDirOf(config)) : undefined;
}

export function filesDirOf(config: Pick<AppConfig, "dataDir">): string {
  return path.join(config.dataDir, "files");
}
