import { Readable } from "node:stream";
import type { FileContentType } from "@pharmacy/contract/files/files";
import { sql } from "kysely";
import type { CodeSymbol, Db } from "../../db/schema.js";

/** Bytes read from the database per query: each query holds a connection only this long. */
const CHUNK_BYTES = 256 * 1024;

export interface NewFileRow {
  id: string;
  pharmacyId: string;
  contentType: FileContentType;
  byteSize: number;
  symbols: CodeSymbol[] | null;
  /** Where the bytes were written before the insert; undefined: they are kept in the row. */
  place: "disk" | "bucket" | undefined;
  /** Undefined when the bytes are on disk or in the bucket already. */
  inDatabase: { data: Uint8Array; thumbnail: Uint8Array | undefined } | undefined;
  hasThumbnail: boolean;
  /** The counter kiosk uploading it, if one is. */
  uploadedByDeviceId: string | undefined;
  at: Date;
}

/** Files in one statement. */
export async function insertFiles(db: Db, files: NewFileRow[]): Promise<void> {
  if (files.length === 0) return;
  await db
    .insertInto("files")
    .values(
      files.map((file) => ({
        id: file.id,
        pharmacy_id: file.pharmacyId,
        content_type: file.contentType,
        byte_size: file.byteSize,
        data: file.inDatabase?.data ?? null,
        thumbnail: file.inDatabase?.thumbnail ?? null,
        on_disk: file.place === "disk",
        in_bucket: file.place === "bucket",
        has_thumbnail: file.hasThumbnail,
        code_symbols: file.symbols && JSON.stringify(file.symbols),
        created_at: file.at,
        uploaded_by_device_id: file.uploadedByDeviceId ?? null,
      })),
    )
    .execute();
}

export function findFileMeta(db: Db, pharmacyId: string, id: string) {
  return db
    .selectFrom("files")
    .select([
      "id",
      "pharmacy_id",
      "content_type",
      "byte_size",
      "on_disk",
      "in_bucket",
      "has_thumbnail",
      "code_symbols",
      "uploaded_by_device_id",
    ])
    .where("id", "=", id)
    .where("pharmacy_id", "=", pharmacyId)
    .executeTakeFirst();
}

export async function readThumbnail(db: Db, id: string): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom("files").select("thumbnail").where("id", "=", id).executeTakeFirst();
  return row?.thumbnail ?? undefined;
}

/**
 * The bytes kept in the database, streamed a chunk per query as the client takes them, so a large
 * file sent to a slow client never holds a connection between chunks.
 */
export function streamFileData(db: Db, id: string, byteSize: number): Readable {
  async function* chunks() {
    for (let offset = 0; offset < byteSize; offset += CHUNK_BYTES) {
      const row = await sql<{ chunk: Uint8Array | null }>`
        select substring(data from ${offset + 1}::int for ${CHUNK_BYTES}::int) as chunk from files where id = ${id}`.execute(
        db,
      );
      const chunk = row.rows[0]?.chunk;
      if (!chunk) throw new Error(`file ${id} has no bytes in the database`);
      yield Buffer.from(chunk);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

export async function knownFileIds(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await db.selectFrom("files").select("id").where("id", "in", ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** One file whose bytes are in a files folder, if any is. */
export function aFileOnDisk(db: Db) {
  return db.selectFrom("files").select(["id", "pharmacy_id"]).where("on_disk", "=", true).limit(1).executeTakeFirst();
}

/** One file whose bytes are in the S3 bucket, if any is. */
export function aFileInBucket(db: Db) {
  return db.selectFrom("files").select(["id", "pharmacy_id"]).where("in_bucket", "=", true).limit(1).executeTakeFirst();
}

/** Deletes the rows and says where each one's bytes were. */
export function deleteFileRows(db: Db, ids: string[]) {
  return db
    .deleteFrom("files")
    .where("id", "in", ids)
    .returning(["id", "pharmacy_id", "on_disk", "in_bucket"])
    .execute();
}

/** Legacy rows whose bytes are still in the embedded database, one at a time. */
export function nextFileToMove(db: Db) {
  return db
    .selectFrom("files")
    .select(["id", "pharmacy_id", "content_type", "data"])
    .where("on_disk", "=", false)
    .limit(1)
    .executeTakeFirst();
}

export async function markMovedOut(db: Db, id: string, place: "disk" | "bucket", hasThumbnail: boolean): Promise<void> {
  await db
    .updateTable("files")
    .set({
      data: null,
      thumbnail: null,
      on_disk: place === "disk",
      in_bucket: place === "bucket",
      has_thumbnail: hasThumbnail,
    })
    .where("id", "=", id)
    .execute();
}

/** The branch's files among `ids` that no prescription names any more. */
export async function unreferencedFileIds(db: Db, pharmacyId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("files")
    .select("id")
    .where("pharmacy_id", "=", pharmacyId)
    .where("id", "in", ids)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("prescriptions").select("prescriptions.id").whereRef("prescriptions.file_id", "=", "files.id"),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}
