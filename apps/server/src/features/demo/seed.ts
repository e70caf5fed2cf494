import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { hashPassword } from "../auth/passwords.js";
import { findUserByEmail } from "../auth/repository.js";
import type { AuthService } from "../auth/service.js";

export const DEMO_LOGIN = { email: "demo@example.com", password: "Demo1234" } as const;
const DEMO_PHARMACY_NAME = "デモ薬局 本店";

/** Creates the confirmed demo account once; later starts leave it (and any changed password) alone. */
export async function seedDemoAccount(db: Kysely<Database>, auth: AuthService): Promise<boolean> {
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
  return true;
}
