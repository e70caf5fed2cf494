import type { CodeReadStatus } from "@pharmacy/contract/files/prescription-data";
import { sql } from "kysely";
import type { CodeSymbol, Db, PrescriptionRow } from "../../db/schema.js";

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

/** What a photo's codes hold, as the row keeps it (null where the photo held none of that kind). */
export type CodeColumns = Pick<PrescriptionRow, "rx" | "medication_record" | "prescription_copy">;

const jsonOf = (value: object | null) => value && JSON.stringify(value);
const codeColumnValues = (codes: CodeColumns) => ({
  rx: jsonOf(codes.rx),
  medication_record: jsonOf(codes.medication_record),
  prescription_copy: jsonOf(codes.prescription_copy),
});

/** New prescriptions in one statement, with what reading their codes gave. */
export async function insertPrescriptions(
  db: Db,
  prescriptions: (Omit<PrescriptionRow, "code_symbols" | keyof CodeColumns> &
    CodeColumns & { code_symbols: CodeSymbol[] | null })[],
): Promise<void> {
  if (prescriptions.length === 0) return;
  await db
    .insertInto("prescriptions")
    .values(
      prescriptions.map(({ code_symbols, rx, medication_record, prescription_copy, ...row }) => ({
        ...row,
        code_symbols: jsonOf(code_symbols),
        ...codeColumnValues({ rx, medication_record, prescription_copy }),
      })),
    )
    .execute();
}

/** What reading the reception's codes gave for one of its prescriptions; a 控え's 引換番号 when it had none. */
export async function updatePrescriptionCodes(
  db: Db,
  prescriptionId: string,
  reading: { status: CodeReadStatus | null; exchangeNumber: string | null } & CodeColumns,
): Promise<void> {
  await db
    .updateTable("prescriptions")
    .set({ code_status: reading.status, exchange_number: reading.exchangeNumber, ...codeColumnValues(reading) })
    .where("id", "=", prescriptionId)
    .execute();
}

export async function setExchangeNumber(db: Db, prescriptionId: string, exchangeNumber: string | null): Promise<void> {
  await db
    .updateTable("prescriptions")
    .set({ exchange_number: exchangeNumber })
    .where("id", "=", prescriptionId)
    .execute();
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

/** The live receptions of a branch from `since` whose codes say refill (record 64) or split (63, 102): docs/rules.md#continuity-of-care's next dispensings. */
export async function receptionIdsWithRepeatCodes(db: Db, pharmacyId: string, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom("prescriptions as p")
    .innerJoin("receptions as r", "r.id", "p.reception_id")
    .select("r.id")
    .distinct()
    .where("p.pharmacy_id", "=", pharmacyId)
    .where("r.deleted_at", "is", null)
    .where("r.business_date", ">=", since)
    .where(
      sql<boolean>`((p.rx -> 'refill') is not null or (p.rx -> 'splitDispensing') is not null or jsonb_path_exists(p.rx, '$.rps[*].split'))`,
    )
    .execute();
  return rows.map((row) => row.id);
}
