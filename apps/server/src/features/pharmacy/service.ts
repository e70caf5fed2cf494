import type { Kysely } from "kysely";
import { businessDateOf } from "@pharmacy/contract/formats";
import type { Pharmacy, UpdatePharmacySchema } from "@pharmacy/contract/pharmacy";
import type { z } from "zod";
import type { Database } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { NotFoundError } from "../../lib/errors.js";
import { newPublicSlug } from "../auth/secrets.js";
import { findPharmacy, hasNumberingStarted, updatePharmacy } from "./repository.js";

type UpdatePharmacy = z.output<typeof UpdatePharmacySchema>;

function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

export class PharmacyService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async get(pharmacyId: string): Promise<Pharmacy> {
    const row = await findPharmacy(this.db, pharmacyId);
    if (!row) throw new NotFoundError("店舗が見つかりません。");
    const today = businessDateOf(this.clock.now());
    // A day's first number is taken from the start number, so a change reaches today only if nothing was numbered yet.
    const startsFrom = (await hasNumberingStarted(this.db, pharmacyId, today)) ? nextDay(today) : today;
    return {
      name: row.name,
      postalCode: row.postal_code,
      address: row.address,
      phone: row.phone,
      ...(row.fax && { fax: row.fax }),
      ...(row.notice && { notice: row.notice }),
      receptionStartNumber: row.reception_start_number,
      receptionStartNumberFrom: startsFrom,
      ...(row.web_questionnaire_url && { webQuestionnaireUrl: row.web_questionnaire_url }),
      publicSlug: row.public_slug,
    };
  }

  async update(pharmacyId: string, input: UpdatePharmacy): Promise<Pharmacy> {
    await updatePharmacy(this.db, pharmacyId, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.postalCode !== undefined && { postal_code: input.postalCode }),
      ...(input.address !== undefined && { address: input.address }),
      ...(input.phone !== undefined && { phone: input.phone }),
      ...(input.fax !== undefined && { fax: input.fax || null }),
      ...(input.notice !== undefined && { notice: input.notice || null }),
      ...(input.receptionStartNumber !== undefined && { reception_start_number: input.receptionStartNumber }),
      ...(input.webQuestionnaireUrl !== undefined && { web_questionnaire_url: input.webQuestionnaireUrl || null }),
      updated_at: this.clock.now(),
    });
    return this.get(pharmacyId);
  }

  /** A new public link; the old one stops working at once. */
  async rotatePublicSlug(pharmacyId: string): Promise<string> {
    const publicSlug = newPublicSlug();
    await updatePharmacy(this.db, pharmacyId, { public_slug: publicSlug, updated_at: this.clock.now() });
    return publicSlug;
  }
}
