import type { Readable } from "node:stream";

export type FileVariant = "original" | "thumbnail";

/** What a stored file's bytes are: the original and, when one could be made, its thumbnail. */
export interface FileBytes {
  pharmacyId: string;
  id: string;
  data: Uint8Array;
  thumbnail: Uint8Array | undefined;
}

/**
 * A place file bytes are kept outside the database, named `<branch id>/<file id>` (and
 * `<file id>.thumb.jpg`): a folder (DiskFileStore) or an S3 bucket (BucketFileStore).
 */
export interface ByteStore {
  /** Where it is, for an operator's message ("/srv/photos", "bucket photos"). */
  readonly where: string;
  /** Writes the bytes durably before the transaction that names them commits. */
  put(file: FileBytes): Promise<void>;
  /** Removes a file's bytes and thumbnail; bytes already gone are no error. */
  remove(pharmacyId: string, id: string): Promise<void>;
  has(pharmacyId: string, id: string): Promise<boolean>;
  /** A stream of the stored bytes and their size; undefined when they are not there. */
  open(pharmacyId: string, id: string, variant: FileVariant): Promise<{ stream: Readable; size: number } | undefined>;
  /** Removes what no committed row names (`isKnown` tells which ids are named); how many went. */
  sweep(isKnown: (ids: string[]) => Promise<Set<string>>, now?: Date): Promise<number>;
}

/** A branch id and a file id: the names a store keeps bytes under. */
export const UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
export const THUMBNAIL_SUFFIX = ".thumb.jpg";
/**
 * In a place other processes write to, bytes no row names may be an upload whose transaction has not
 * committed yet: only those older than this are swept.
 */
export const SHARED_SWEEP_AGE_MS = 60 * 60 * 1000;

/** Every name a store writes starts with its file's id (a UUID, without dots). */
export function idOfName(name: string): string {
  return name.split(".")[0]!;
}
