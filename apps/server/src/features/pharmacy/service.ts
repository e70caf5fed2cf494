import type { AuditService } from "../audit/index.js";
import type { Actor } from "../../lib/actor.js";
import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Pharmacy, UpdatePharmacySchema } from "@pharmacy/contract/pharmacy/pharmacy";
import type { z } from "zod";
import type { Db, PharmacyTable } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { NotFoundError } from "../../lib/errors.js";
import type { UnitOfWork, Work } from "../../live/unit-of-work.js";
import { newPublicSlug } from "./public-slug.js";
import { findPharmacy, findPharmacyBySlug, insertPharmacy, updatePharmacy } from "./repository.js";

type UpdatePharmacy = z.output<typeof UpdatePharmacySchema>;

/** A branch's details; from which day its start number applies is the receptions feature's to say. */
export type PharmacyDetails = Omit<Pharmacy, "receptionStartNumberFrom" | "publicUrl" | "publicUrlIsLoopback"> & {
  id: string;
};

export interface PharmacyServiceDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  audit: AuditService;
}

/** The branches: their details, public link and reception start number. */
export class PharmacyService {
  constructor(private readonly deps: PharmacyServiceDeps) {}

  /** A new branch of the organisation, its details empty but the name given, in the caller's transaction; its id. */
  async create(organizationId: string, outer?: Work, name = ""): Promise<string> {
    const id = randomUUID();
    await this.deps.unitOfWork.run((work) => insertPharmacy(work.db, { id, organizationId, name }), outer);
    return id;
  }

  async get(pharmacyId: string, work?: Work): Promise<PharmacyDetails> {
    const row = await findPharmacy(work?.db ?? this.deps.db, pharmacyId);
    if (!row) throw new NotFoundError("店舗が見つかりません。");
    return toDetails(row);
  }

  /** The query of a branch's name, for another feature to read it within a query of its own. */
  nameQuery(pharmacyId: string) {
    return this.deps.db.selectFrom("pharmacies").select("name").where("id", "=", pharmacyId);
  }

  /** The branch of a public link, or undefined for an unknown or replaced one. */
  async findBySlug(publicSlug: string): Promise<PharmacyDetails | undefined> {
    const row = await findPharmacyBySlug(this.deps.db, publicSlug);
    return row && toDetails(row);
  }

  async update(actor: Actor, input: UpdatePharmacy): Promise<PharmacyDetails> {
    const { pharmacyId } = actor;
    await this.deps.unitOfWork.run(async (work) => {
      await this.deps.audit.record(work, actor, "pharmacy.updated", {
        type: "pharmacy",
        id: pharmacyId,
        detail: Object.keys(input).join(", "),
      });
      await updatePharmacy(work.db, pharmacyId, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.postalCode !== undefined && { postal_code: input.postalCode }),
        ...(input.address !== undefined && { address: input.address }),
        ...(input.phone !== undefined && { phone: input.phone }),
        ...(input.fax !== undefined && { fax: input.fax || null }),
        ...(input.notice !== undefined && { notice: input.notice || null }),
        ...(input.receptionStartNumber !== undefined && { reception_start_number: input.receptionStartNumber }),
        ...(input.webQuestionnaireUrl !== undefined && { web_questionnaire_url: input.webQuestionnaireUrl || null }),
        updated_at: this.deps.clock.now(),
      });
    });
    return this.get(pharmacyId);
  }

  /** A new public link; the old one stops working at once. */
  async rotatePublicSlug(actor: Actor): Promise<string> {
    const publicSlug = newPublicSlug();
    await this.deps.unitOfWork.run(async (work) => {
      await updatePharmacy(work.db, actor.pharmacyId, { public_slug: publicSlug, updated_at: this.deps.clock.now() });
      await this.deps.audit.record(work, actor, "pharmacy.updated", {
        type: "pharmacy",
        id: actor.pharmacyId,
        detail: "publicSlug",
      });
    });
    return publicSlug;
  }
}

function toDetails(row: Selectable<PharmacyTable>): PharmacyDetails {
  return {
    id: row.id,
    name: row.name,
    postalCode: row.postal_code,
    address: row.address,
    phone: row.phone,
    ...(row.fax && { fax: row.fax }),
    ...(row.notice && { notice: row.notice }),
    receptionStartNumber: row.reception_start_number,
    ...(row.web_questionnaire_url && { webQuestionnaireUrl: row.web_questionnaire_url }),
    publicSlug: row.public_slug,
  };
}
