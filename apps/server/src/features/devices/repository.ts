import type { DeviceKind } from "@pharmacy/contract/auth/roles";
import type { Db } from "../../db/schema.js";

export async function insertDevice(
  db: Db,
  device: { id: string; pharmacyId: string; kind: DeviceKind; name: string; tokenHash: string; createdAt: Date },
): Promise<void> {
  await db
    .insertInto("devices")
    .values({
      id: device.id,
      pharmacy_id: device.pharmacyId,
      kind: device.kind,
      name: device.name,
      token_hash: device.tokenHash,
      created_at: device.createdAt,
      last_seen_at: null,
      deleted_at: null,
    })
    .execute();
}

export function listDevices(db: Db, pharmacyId: string) {
  return db
    .selectFrom("devices")
    .selectAll()
    .where("pharmacy_id", "=", pharmacyId)
    .where("deleted_at", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** The live device of a token, its last sighting recorded in the same statement. */
export function touchDeviceByToken(db: Db, tokenHash: string, now: Date) {
  return db
    .updateTable("devices")
    .set({ last_seen_at: now })
    .where("token_hash", "=", tokenHash)
    .where("deleted_at", "is", null)
    .returningAll()
    .returning((eb) =>
      eb
        .selectFrom("pharmacies")
        .select("pharmacies.organization_id")
        .whereRef("pharmacies.id", "=", "devices.pharmacy_id")
        .as("organization_id"),
    )
    .executeTakeFirst();
}

/** True when a live device of the branch was deleted now. */
export async function markDeviceDeleted(db: Db, pharmacyId: string, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable("devices")
    .set({ deleted_at: now })
    .where("id", "=", id)
    .where("pharmacy_id", "=", pharmacyId)
    .where("deleted_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The live device whose token this is, deleted now; undefined when the token is no live device's. */
export function markDeviceDeletedByToken(db: Db, tokenHash: string, now: Date) {
  return db
    .updateTable("devices")
    .set({ deleted_at: now })
    .where("token_hash", "=", tokenHash)
    .where("deleted_at", "is", null)
    .returning(["id", "pharmacy_id", "name", "kind"])
    .executeTakeFirst();
}

/** The devices deleted since `since` (a device's session is the device). */
export async function devicesDeletedSince(db: Db, since: Date): Promise<string[]> {
  const rows = await db.selectFrom("devices").select("id").where("deleted_at", ">", since).execute();
  return rows.map((row) => row.id);
}
