import { randomUUID } from "node:crypto";
import { open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { PRIVATE_FILE_MODE, privateDirectory } from "../../lib/private-files.js";
import {
  idOfName,
  SHARED_SWEEP_AGE_MS,
  THUMBNAIL_SUFFIX,
  UUID_PATTERN,
  type ByteStore,
  type FileBytes,
  type FileVariant,
} from "./byte-store.js";

const TEMPORARY_SUFFIX = ".partial";
/**
 * A photo is read from disk a megabyte at a time, not in Node's 64 KB: a 4.5 MB photo is then 5 turns
 * of the event loop instead of 70, so screens opening photos leave it free for every other call.
 */
const READ_CHUNK_BYTES = 1024 * 1024;
const BRANCH_NAME = new RegExp(`^${UUID_PATTERN}$`);
/** The names this store writes: a file, its thumbnail, a write not yet renamed into place. */
const STORED_NAME = new RegExp(`^${UUID_PATTERN}(\\.thumb\\.jpg)?(\\.${UUID_PATTERN}\\.partial)?$`);

/**
 * File bytes as files under `<root>/<branch>/<file id>` (`DATA_DIR/files` or FILES_DIR). A file is
 * written, fsynced and renamed into place before the transaction that names it commits, and removed
 * again if that transaction fails; what a crash leaves between the two is swept at the next start.
 * `shared`: other processes write to the same folder (PostgreSQL with FILES_DIR).
 */
export class DiskFileStore implements ByteStore {
  constructor(
    readonly root: string,
    private readonly options: { shared: boolean } = { shared: false },
  ) {}

  get where(): string {
    return this.root;
  }

  async put(file: FileBytes): Promise<void> {
    const dir = path.join(this.root, file.pharmacyId);
    await privateDirectory(dir);
    await writeDurably(this.pathOf(file.pharmacyId, file.id, "original"), file.data);
    if (file.thumbnail) await writeDurably(this.pathOf(file.pharmacyId, file.id, "thumbnail"), file.thumbnail);
    await syncDirectory(dir);
  }

  async remove(pharmacyId: string, id: string): Promise<void> {
    await rm(this.pathOf(pharmacyId, id, "original"), { force: true });
    await rm(this.pathOf(pharmacyId, id, "thumbnail"), { force: true });
  }

  async has(pharmacyId: string, id: string): Promise<boolean> {
    return (await stat(this.pathOf(pharmacyId, id, "original")).catch(() => undefined)) !== undefined;
  }

  /** A stream of the stored bytes and their size; undefined when the file is not there. */
  async open(
    pharmacyId: string,
    id: string,
    variant: FileVariant,
  ): Promise<{ stream: Readable; size: number } | undefined> {
    const handle = await open(this.pathOf(pharmacyId, id, variant), "r").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    if (!handle) return undefined;
    const { size } = await handle.stat();
    return { stream: handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES }), size };
  }

  /**
   * Removes what no committed row names: files of transactions that never committed and unfinished
   * writes. At start, before the server listens: then no upload of this process is in flight, and in
   * a shared folder only what is older than any other process's upload is. Names this store does not
   * write are left alone (a shared folder may hold other things).
   */
  async sweep(isKnown: (ids: string[]) => Promise<Set<string>>, now = new Date()): Promise<number> {
    const branches = (await readdir(this.root).catch(() => [] as string[])).filter((name) => BRANCH_NAME.test(name));
    let removed = 0;
    for (const branch of branches) {
      const names = (await readdir(path.join(this.root, branch))).filter((name) => STORED_NAME.test(name));
      const ids = [...new Set(names.map(idOfName))];
      const known = ids.length > 0 ? await isKnown(ids) : new Set<string>();
      for (const name of names) {
        if (!name.endsWith(TEMPORARY_SUFFIX) && known.has(idOfName(name))) continue;
        const file = path.join(this.root, branch, name);
        if (this.options.shared && !(await olderThan(file, now.getTime() - SHARED_SWEEP_AGE_MS))) continue;
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  private pathOf(pharmacyId: string, id: string, variant: FileVariant): string {
    return path.join(this.root, pharmacyId, variant === "thumbnail" ? `${id}${THUMBNAIL_SUFFIX}` : id);
  }
}

async function olderThan(file: string, cutoffMs: number): Promise<boolean> {
  const stats = await stat(file).catch(() => undefined);
  return stats !== undefined && stats.mtimeMs < cutoffMs;
}

/** Written beside its place, flushed, then renamed: a reader sees the whole file or none. */
async function writeDurably(file: string, data: Uint8Array): Promise<void> {
  const partial = `${file}.${randomUUID()}${TEMPORARY_SUFFIX}`;
  const handle = await open(partial, "w", PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, file);
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
