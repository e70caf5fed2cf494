import type { CodeReadStatus, Rx } from "@pharmacy/contract/prescription-data";
import type { CodeSymbol } from "../files/code-symbols.js";
import type { Db, PrescriptionRow } from "../../db/schema.js";

export function prescriptionsOf(db: Db, receptionIds: string[]): Promise<PrescriptionRow[]> {
  if (receptionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("prescriptions")
    .selectAll()
    .where("reception_id", "in", receptionIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function findPrescription(db: Db, pharmacyId: string, receptionId: string, prescriptionId: string) {
  return db
    .selectFrom("prescriptions")
    .selectAll()
    .where("id", "=", prescriptionId)
    .where("reception_id", "=", receptionId)
    .where("pharmacy_id", "=", pharmacyId)
    .executeTakeFirst();
}

/** New prescriptions in one statement, with what reading their codes gave. */
export async function insertPrescriptions(
  db: Db,
  prescriptions: (Omit<PrescriptionRow, "code_symbols" | "rx"> & { code_symbols: CodeSymbol[] | null; rx: Rx | null })[],
): Promise<void> {
  if (prescriptions.length === 0) return;
  await db
    .insertInto("prescriptions")
    .values(prescriptions.map(({ code_symbols, rx, ...row }) => ({ ...row, code_symbols: code_symbols && JSON.stringify(code_symbols), rx: rx && JSON.stringify(rx) })))
    .execute();
}

/** What reading the reception's codes gave for one of its prescriptions. */
export async function updatePrescriptionCodes(db: Db, prescriptionId: string, reading: { status: CodeReadStatus | null; rx: Rx | null }): Promise<void> {
  await db
    .updateTable("prescriptions")
    .set({ code_status: reading.status, rx: reading.rx && JSON.stringify(reading.rx) })
    .where("id", "=", prescriptionId)
    .execute();
}

export async function setExchangeNumber(db: Db, prescriptionId: string, exchangeNumber: string | null): Promise<void> {
  await db.updateTable("prescriptions").set({ exchange_number: exchangeNumber }).where("id", "=", prescriptionId).execute();
}

export async function movePrescriptionRow(db: Db, prescriptionId: string, receptionId: string): Promise<void> {
  await db.updateTable("prescriptions").set({ reception_id: receptionId }).where("id", "=", prescriptionId).execute();
}

export async function deletePrescriptionRow(db: Db, prescriptionId: string): Promise<void> {
  await db.deleteFrom("prescriptions").where("id", "=", prescriptionId).execute();
}

export async function countPrescriptions(db: Db, receptionId: string): Promise<number> {
  const row = await db
    .selectFrom("prescriptions")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("reception_id", "=", receptionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
