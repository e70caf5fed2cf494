import type { Actor } from "../../lib/actor.js";
import type { AuthService } from "../auth/index.js";
import type { PharmacyService } from "../pharmacy/index.js";
import type { ReceptionService } from "../receptions/index.js";

/** The branch's admin, who signed it up. */
export const DEMO_LOGIN = { email: "demo@example.com", password: "Demo1234" } as const;
/** A pharmacist of the same branch, with the staff role. */
export const DEMO_STAFF_LOGIN = { email: "staff@example.com", password: "Staff1234", name: "薬剤師 花子" } as const;
const DEMO_PHARMACY_NAME = "デモ薬局 本店";

export interface DemoSeedServices {
  auth: AuthService;
  pharmacies: PharmacyService;
  receptions: ReceptionService;
}

/**
 * Creates the confirmed demo account and a few of today's receptions once; later starts leave it
 * (and any changed password) alone.
 */
export async function seedDemoAccount({ auth, pharmacies, receptions }: DemoSeedServices): Promise<boolean> {
  if (await auth.hasAccount(DEMO_LOGIN.email)) return false;
  const pharmacyId = await auth.createConfirmedAccount(DEMO_LOGIN.email, DEMO_LOGIN.password);
  await auth.addConfirmedPerson(pharmacyId, { ...DEMO_STAFF_LOGIN, role: "staff" });
  const actor: Actor = { pharmacyId, name: DEMO_LOGIN.email, type: "user" };
  await pharmacies.update(actor, {
    name: DEMO_PHARMACY_NAME,
    postalCode: "1000001",
    address: "東京都千代田区千代田1-1",
    phone: "03-0000-0000",
  });
  const done = await receptions.create(actor, {
    channel: "Paper",
    answers: {
      prescriptionType: "Paper",
      firstVisit: "no",
      medicineNotebook: "App",
      genericDrug: "Yes",
      leftoverMedicine: "no",
      receiveMethod: "Pharmacy",
    },
  });
  await receptions.update(actor, done.id, { status: "Completed" });
  const dispensing = await receptions.create(actor, {
    channel: "Paper",
    answers: {
      prescriptionType: "Electronic",
      verifyMethod: "MyNumberCard",
      firstVisit: "yes",
      questionnaireType: "Paper",
      receiveMethod: "Pharmacy",
    },
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
