import type { FileContentType } from "@pharmacy/contract/files";
import type { Db } from "../../db/schema.js";

export async function insertFile(
  db: Db,
  file: { id: string; pharmacyId: string; contentType: FileContentType; data: Uint8Array; at: Date },
): Promise<void> {
  await db
    .insertInto("files")
    .values({
      id: file.id,
      pharmacy_id: file.pharmacyId,
      content_type: file.contentType,
      byte_size: file.data.byteLength,
      data: file.data,
      created_at: file.at,
    })
    .execute();
}

export function findFileMeta(db: Db, pharmacyId: string, id: string) {
  return db
    .selectFrom("files")
    .select(["id", "content_type", "byte_size"])
    .where("id", "=", id)
    .where("pharmacy_id", "=", pharmacyId)
    .executeTakeFirst();
}

export function findFileData(db: Db, pharmacyId: string, id: string) {
  return db
    .selectFrom("files")
    .select(["id", "content_type", "data"])
    .where("id", "=", id)
    .where("pharmacy_id", "=", pharmacyId)
    .executeTakeFirst();
}
