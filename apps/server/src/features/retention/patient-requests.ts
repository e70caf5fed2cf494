import type { PatientDeletion, ReceptionExport } from "@pharmacy/contract/retention/export";
import type { FollowUpDetail } from "@pharmacy/contract/follow-ups/follow-ups";
import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import type { Actor } from "../../lib/actor.js";
import type { UnitOfWork } from "../../live/unit-of-work.js";
import type { AuditService } from "../audit/index.js";
import type { FileService } from "../files/index.js";
import type { FollowUpService } from "../follow-ups/index.js";
import type { PharmacyService } from "../pharmacy/index.js";
import type { ReceptionService } from "../receptions/index.js";
import type { ReceptionErasure } from "./erasure.js";
import { lineMessagesAbout, photosOf, visitorContactsOf } from "./export-repository.js";

export interface PatientRequestsDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  audit: AuditService;
  files: FileService;
  pharmacies: PharmacyService;
  receptions: ReceptionService;
  followUps: FollowUpService;
  erasure: ReceptionErasure;
}

const AUDIT_ACTIONS = {
  contacts: "patient_data.contacts_deleted",
  photos: "patient_data.photos_deleted",
  personal_data: "patient_data.reception_deleted",
} as const;

/**
 * A patient's request about their reception (docs/rules.md#records-kept-and-deleted): what is held,
 * exported, and their contacts, photos or the whole reception deleted; each recorded in the audit log.
 */
export class PatientRequests {
  constructor(private readonly deps: PatientRequestsDeps) {}

  async export(actor: Actor, receptionId: string): Promise<ReceptionExport> {
    const { db, receptions, followUps, pharmacies } = this.deps;
    const reception = await receptions.getFor(actor, receptionId);
    const [pharmacy, history, care, plans, photos, contacts] = await Promise.all([
      pharmacies.get(actor.pharmacyId),
      receptions.history(actor.pharmacyId, receptionId),
      followUps.careContact(actor, receptionId),
      followUps.ofReception(actor, receptionId),
      photosOf(db, actor.pharmacyId, receptionId),
      visitorContactsOf(db, receptionId),
    ]);
    const lineMessages = await lineMessagesAbout(
      db,
      actor.pharmacyId,
      receptionId,
      contacts.lineLinks.map((link) => link.line_user_id),
    );
    // the export is itself an opening of everything: recorded before the log is read, so it lists itself
    await this.deps.audit.record(db, actor, "patient_data.exported", targetOf(reception));
    const accessLog = await this.deps.audit.about(actor.pharmacyId, [
      receptionId,
      ...photos.map((photo) => photo.id),
      ...reception.prescriptions.map((prescription) => prescription.prescriptionId),
      ...plans.map((plan) => plan.id),
    ]);
    return {
      exportedAt: this.deps.clock.now().toISOString(),
      pharmacy: { name: pharmacy.name, address: pharmacy.address, phone: pharmacy.phone },
      reception,
      photos: photos.map((photo) => ({
        fileId: photo.id,
        contentType: photo.content_type,
        size: photo.byte_size,
        uploadedAt: photo.created_at.toISOString(),
        path: `/api/file/${photo.id}`,
      })),
      history,
      notices: {
        pushSubscriptions: contacts.pushSubscriptions.map((row) => ({
          createdAt: row.created_at.toISOString(),
          keptUntil: row.expires_at.toISOString(),
        })),
        ...(contacts.mailAddress && {
          mailAddress: { email: contacts.mailAddress.email, keptUntil: contacts.mailAddress.expires_at.toISOString() },
        }),
        lineLinks: contacts.lineLinks.map((link) => ({
          linkedAt: link.created_at.toISOString(),
          keptForFollowUps: link.kept_for_care,
          keptUntil: link.expires_at.toISOString(),
        })),
      },
      lineMessages: lineMessages.map((message) => ({
        text: message.text,
        state: message.state,
        createdAt: message.created_at.toISOString(),
        ...(message.sent_at && { sentAt: message.sent_at.toISOString() }),
      })),
      careContact: care.contact,
      followUps: await Promise.all(plans.map(async (plan) => followUpOf(await followUps.detail(actor, plan.id)))),
      accessLog,
    };
  }

  /** Deletes what the patient asked for now, in one transaction with its audit entry. */
  async delete(actor: Actor, receptionId: string, what: PatientDeletion): Promise<void> {
    const { receptions, erasure, unitOfWork, audit } = this.deps;
    const reception = await receptions.getFor(actor, receptionId);
    // a whole reception is deleted as staff delete one (off the lists, its number kept), then emptied
    if (what === "personal_data") await receptions.delete(actor, receptionId);
    await unitOfWork.run(async (work) => {
      if (what === "contacts") await erasure.allContacts(work, actor, [reception]);
      else if (what === "photos") await erasure.photos(work, actor.pharmacyId, [receptionId]);
      else await erasure.personalData(work, actor, [reception]);
      await audit.record(work, actor, AUDIT_ACTIONS[what], targetOf(reception));
      if (what !== "personal_data")
        work.announce({ type: "reception.updated", pharmacyId: actor.pharmacyId, subjectId: receptionId });
    });
  }
}

/** A follow-up as exported: its questions and answers, without the reception and contact listed beside it. */
function followUpOf(detail: FollowUpDetail): ReceptionExport["followUps"][number] {
  return Object.fromEntries(
    Object.entries(detail).filter(([key]) => key !== "reception" && key !== "contact"),
  ) as ReceptionExport["followUps"][number];
}

function targetOf(reception: { id: string; receptionNumber: number; partitionNumber: number }) {
  return {
    type: "reception" as const,
    id: reception.id,
    detail: `受付番号 ${formatReceptionNumber(reception.receptionNumber, reception.partitionNumber)}`,
  };
}
