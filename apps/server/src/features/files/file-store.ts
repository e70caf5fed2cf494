import path from "node:path";
import type { AppConfig } from "../../config/config.js";
import type { DatabaseHandle } from "../../db/database.js";
import { DiskFileStore } from "./disk-store.js";

/**
 * Where new file bytes go. Embedded database: on disk (its one connection must not carry them), in
 * FILES_DIR or else `DATA_DIR/files`. PostgreSQL: in FILES_DIR when set, a folder every process shares
 * (bytes then never cross the database's connections); unset, in PostgreSQL itself, read in chunks.
 */
export function fileStoreOf(
  database: DatabaseHandle,
  config: Pick<AppConfig, "dataDir" | "filesDir">,
): DiskFileStore | undefined {
  return database.engine === "pglite" || config.filesDir
    ? new DiskFileStore(filesDirOf(config), { shared: database.engine !== "pglite" })
    : undefined;
}

export function filesDirOf(config: Pick<AppConfig, "dataDir" | "filesDir">): string {
  return config.filesDir ?? path.join(config.dataDir, "files");
}
