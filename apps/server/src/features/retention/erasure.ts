import type { Reception } from "@pharmacy/contract/receptions/receptions";
import type { Clock } from "../../lib/clock.js";
import type { Actor } from "../../lib/actor.js";
import type { Work } from "../../live/unit-of-work.js";
import type { FileService } from "../files/index.js";
import type { FollowUpService } from "../follow-ups/index.js";
import type { VisitorNotices } from "../visitor-notices/index.js";
import { emptyPersonalFields, unlinkPhotos } from "./repository.js";

export type ErasedReception = Pick<Reception, "id" | "receptionNumber" | "partitionNumber">;

export interface ReceptionErasureDeps {
  clock: Clock;
  files: FileService;
  notices: VisitorNotices;
  followUps: FollowUpService;
}

/** Why the open mail and push follow-ups of a reception whose contact went were closed. */
const CONTACT_DELETED_NOTE = "連絡先を削除したため終了しました";

/**
 * What deleting a reception's records means, for the sweep and for a patient's request alike, each in
 * the caller's transaction. Photos return the files' ids; their bytes leave the store once the transaction
 * has committed (`files.deleteRows`).
 */
export class ReceptionErasure {
  constructor(private readonly deps: ReceptionErasureDeps) {}

  /** The photos and the code data read from them. */
  async photos(work: Work, pharmacyId: string, receptionIds: string[]): Promise<string[]> {
    const fileIds = await unlinkPhotos(work.db, receptionIds, this.deps.clock.now());
    return this.deps.files.deleteRows(work, pharmacyId, fileIds);
  }

  /** The visitor's push subscriptions, e-mail address and LINE link codes and links not kept for care. */
  async visitorContacts(work: Work, receptionIds: string[]): Promise<void> {
    for (const id of receptionIds) await this.deps.notices.forget(work, id);
  }

  /** Every contact: the visitor's and the one kept with consent for follow-ups (open mail and push ones close). */
  async allContacts(work: Work, actor: Actor, receptions: ErasedReception[]): Promise<void> {
    await this.visitorContacts(
      work,
      receptions.map((reception) => reception.id),
    );
    for (const reception of receptions)
      await this.deps.followUps.dropCareContact(work, actor, reception, CONTACT_DELETED_NOTE);
  }

  /**
   * Everything personal but the follow-ups (kept for their own period, the 薬歴's): photos, code data,
   * contacts, name, phone, answers, note, status link, 引換番号 and the details of the history.
   */
  async personalData(work: Work, actor: Actor, receptions: ErasedReception[]): Promise<string[]> {
    const ids = receptions.map((reception) => reception.id);
    const fileIds = await this.photos(work, actor.pharmacyId, ids);
    await this.allContacts(work, actor, receptions);
    await emptyPersonalFields(work.db, ids, this.deps.clock.now());
    return fileIds;
  }
}
