import path from "node:path";
import { ConfigError, loadConfig } from "./config/config.js";
import { filesDirOf } from "./features/files/file-store.js";
import { backupDatabase, defaultBackupFile, pgliteDir, restoreDatabase } from "./ops/backup.js";
import { backupBucketNote, missingFromBucket } from "./features/files/bucket-photos.js";
import { PRIVATE_UMASK } from "./lib/private-files.js";

const USAGE = "usage: npm run backup [-- <file>]  |  npm run restore -- <file>";

/** `npm run backup` / `npm run restore`: the database named by DATA_DIR or DATABASE_URL, as the server sees it. */
async function main(): Promise<void> {
  // backups, restored databases and the files beside them are the server user's only, as the server's own
  process.umask(PRIVATE_UMASK);
  const [command, fileArgument] = process.argv.slice(2);
  const config = loadConfig();
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${config.dataDir}`;
  if (command === "backup") {
    const file = path.resolve(fileArgument ?? defaultBackupFile(config));
    await backupDatabase(config, filesDirOf(config), file);
    console.log(`Backed up ${where} to ${file}${config.backupPassphrase ? " (encrypted with BACKUP_PASSPHRASE)" : ""}`);
    const bucketNote = await backupBucketNote(config, pgliteDir(config));
    if (bucketNote) console.log(bucketNote);
  } else if (command === "restore" && fileArgument) {
    const movedAside = await restoreDatabase(config, filesDirOf(config), path.resolve(fileArgument));
    console.log(
      `Restored ${where} from ${path.resolve(fileArgument)}${movedAside ? `; the previous database was kept in ${movedAside}, its files beside it` : ""}`,
    );
    // the bucket's photos are not in the backup: a restore that names photos the bucket lost must not pass unseen
    const lost = await missingFromBucket(config, pgliteDir(config));
    if (lost) throw new Error(lost);
    if (config.filesBucket)
      console.log(`Every restored photo kept in the S3 bucket ${config.filesBucket.bucket} is there.`);
  } else {
    throw new ConfigError(USAGE);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
