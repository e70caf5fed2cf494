import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { hashPassword } from "../auth/passwords.js";
import { findUserByEmail } from "../auth/repository.js";
import type { AuthService } from "../auth/service.js";
import type { ReceptionService } from "../receptions/service.js";

export const DEMO_LOGIN = { email: "demo@example.com", password: "Demo1234" } as const;
const DEMO_PHARMACY_NAME = "デモ薬局 本店";

/**
 * Creates the confirmed demo account and a few of today's receptions once; later starts leave it
 * (and any changed password) alone.
 */
export async function seedDemoAccount(db: Kysely<Database>, auth: AuthService, receptions: ReceptionService): Promise<boolean> {
  if (await findUserByEmail(db, DEMO_LOGIN.email)) return false;
  const pharmacyId = await auth.createAccount({
    userId: randomUUID(),
    email: DEMO_LOGIN.email,
    passwordHash: await hashPassword(DEMO_LOGIN.password),
    confirmedAt: new Date(),
  });
  await db
    .updateTable("pharmacies")
    .set({ name: DEMO_PHARMACY_NAME, postal_code: "1000001", address: "東京都千代田区千代田1-1", phone: "03-0000-0000" })
    .where("id", "=", pharmacyId)
    .execute();
  const actor = { pharmacyId, name: DEMO_LOGIN.email };
  const done = await receptions.create(actor, {
    channel: "Paper",
    answers: { prescriptionType: "Paper", firstVisit: "no", medicineNotebook: "App", genericDrug: "Yes", leftoverMedicine: "no", receiveMethod: "Pharmacy" },
  });
  await receptions.update(actor, done.id, { status: "Completed" });
  const dispensing = await receptions.create(actor, {
    channel: "Paper",
    answers: { prescriptionType: "Electronic", verifyMethod: "MyNumberCard", firstVisit: "yes", questionnaireType: "Paper", receiveMethod: "Pharmacy" },
  });
  await receptions.update(actor, dispensing.id, { status: "Dispensing" });
  await receptions.create(actor, {
    channel: "Web",
    patientName: "ヤマダ ハナコ",
    phone: "09012345678",
    answers: { prescriptionType: "Paper", firstVisit: "no", receiveMethod: "Locker" },
  });
  return true;
}
