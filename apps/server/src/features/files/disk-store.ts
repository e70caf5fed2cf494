import { randomUUID } from "node:crypto";
import { open, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { PRIVATE_FILE_MODE, privateDirectory } from "../../lib/private-files.js";

export type FileVariant = "original" | "thumbnail";

/** What a stored file's bytes are on disk: the original and, when one could be made, its thumbnail. */
export interface FileBytes {
  pharmacyId: string;
  id: string;
  data: Uint8Array;
  thumbnail: Uint8Array | undefined;
}

const THUMBNAIL_SUFFIX = ".thumb.jpg";
const TEMPORARY_SUFFIX = ".partial";
/**
 * A photo is read from disk a megabyte at a time, not in Node's 64 KB: a 4.5 MB photo is then 5 turns
 * of the event loop instead of 70, so screens opening photos leave it free for every other call.
 */
const READ_CHUNK_BYTES = 1024 * 1024;

/**
 * The embedded database's file bytes, as files under `DATA_DIR/files/<branch>/<file id>`. A file is
 * written, fsynced and renamed into place before the transaction that names it commits, and removed
 * again if that transaction fails; what a crash leaves between the two is swept at the next start.
 */
export class DiskFileStore {
  constructor(readonly root: string) {}

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

  /** A stream of the stored bytes and their size; undefined when the file is not there. */
  async open(pharmacyId: string, id: string, variant: FileVariant): Promise<{ stream: Readable; size: number } | undefined> {
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
   * writes. Only while no upload can be in flight (at start, before the server listens).
   */
  async sweep(isKnown: (ids: string[]) => Promise<Set<string>>): Promise<number> {
    const branches = await readdir(this.root).catch(() => [] as string[]);
    let removed = 0;
    for (const branch of branches) {
      const names = await readdir(path.join(this.root, branch));
      const ids = [...new Set(names.map(idOfName))];
      const known = ids.length > 0 ? await isKnown(ids) : new Set<string>();
      for (const name of names) {
        if (name.endsWith(TEMPORARY_SUFFIX) || !known.has(idOfName(name))) {
          await rm(path.join(this.root, branch, name), { force: true });
          removed += 1;
        }
      }
    }
    return removed;
  }

  private pathOf(pharmacyId: string, id: string, variant: FileVariant): string {
    return path.join(this.root, pharmacyId, variant === "thumbnail" ? `${id}${THUMBNAIL_SUFFIX}` : id);
  }
}

/** Every name in a branch's folder starts with its file's id (a UUID, without dots). */
function idOfName(name: string): string {
  return name.split(".")[0]!;
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
