import { randomUUID } from "node:crypto";
import { addDays, businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import type {
  HistoryEntry,
  Pickups,
  Reception,
  ReceptionDates,
  UpdateReceptionInput,
} from "@pharmacy/contract/receptions/receptions";
import { RECEPTION_NOT_FOUND_MESSAGE } from "@pharmacy/contract/receptions/receptions";
import type { ReceptionChannel } from "@pharmacy/contract/shared/enums";
import { DEFAULT_PATIENT_LANGUAGE, type PatientLanguage } from "@pharmacy/contract/shared/languages";
import { RECEPTION_EVENT_TYPES } from "@pharmacy/contract/live/realtime";
import { ROLES } from "@pharmacy/contract/auth/roles";
import type { EncodedBody } from "../../lib/encoded-body.js";
import { NotFoundError } from "../../lib/errors.js";
import type { LiveBus } from "../../live/live-bus.js";
import type { Work } from "../../live/unit-of-work.js";
import type { Actor } from "../../lib/actor.js";
import { toHistoryEntry, toReception } from "./mapping.js";
import * as repo from "./repository.js";
import { receptionTarget } from "./audit-target.js";
import { liveForUpdate, liveReception } from "./reception-access.js";
import { receptionIdsWithRepeatCodes } from "./prescription-repository.js";
import { changeOf } from "./reception-change.js";
import type { KeptReception } from "../visitor-notices/index.js";
import { receptionFramesOf } from "./reception-frames.js";
import { sealClearStatusTokens, storedStatusToken } from "./status-tokens.js";
import { DayLists, type ReceptionListQuery } from "./day-lists.js";
import { editReception } from "./reception-edit.js";
import { sweepAbandonedReceptions } from "./abandoned-receptions.js";
import type { ReceptionServiceDeps } from "./service-deps.js";

const RECEPTION_CHANGES = new Set<string>(RECEPTION_EVENT_TYPES);

export class ReceptionService {
  private readonly lists: DayLists;

  constructor(private readonly deps: ReceptionServiceDeps) {
    this.lists = new DayLists(deps);
  }

  /** Drops a branch's cached lists on any change of its receptions, and turns those changes into the staff screens' and displays' frames. */
  listenTo(bus: LiveBus): void {
    bus.onChange((change) => {
      if (RECEPTION_CHANGES.has(change.type)) this.deps.listCache.invalidate(change.pharmacyId);
    });
    bus.onResync(() => this.deps.listCache.invalidateAll());
    const { clock, wait } = this.deps;
    bus.buildFramesWith(
      RECEPTION_EVENT_TYPES,
      (change, views, db) => receptionFramesOf({ db, clock, wait }, change, views),
      { staff: ROLES.people, board: ROLES.board },
    );
  }

  today(): string {
    return this.lists.today();
  }

  // the day's lists, carried rows and pickups: day-lists.ts
  dayCountsByBranch(pharmacyIds: string[], today: string) {
    return this.lists.dayCountsByBranch(pharmacyIds, today);
  }

  listJson(pharmacyId: string, query: ReceptionListQuery): EncodedBody | Promise<EncodedBody> {
    return this.lists.listJson(pharmacyId, query);
  }

  pickups(pharmacyId: string, date?: string): Promise<Pickups> {
    return this.lists.pickups(pharmacyId, date);
  }

  dates(pharmacyId: string): Promise<ReceptionDates> {
    return this.lists.dates(pharmacyId);
  }

  /** A reception as the actor may see it: a counter kiosk only its own, until it is confirmed. */
  async getFor(actor: Actor, id: string): Promise<Reception> {
    return liveReception(this.deps.db, actor.pharmacyId, id, actor);
  }

  /** GET of one reception: an opening, written down (docs/rules.md#people-roles-and-devices) outside any transaction. */
  async view(actor: Actor, id: string): Promise<Reception> {
    const reception = await this.getFor(actor, id);
    await this.deps.audit.record(
      this.deps.db,
      actor,
      "reception.opened",
      receptionTarget(id, reception.receptionNumber, reception.partitionNumber),
    );
    return reception;
  }

  /** Receptions from `since` whose prescription codes say refill or split, with their prescriptions (docs/rules.md#continuity-of-care). */
  async repeatReceptions(pharmacyId: string, since: string): Promise<Reception[]> {
    const ids = await receptionIdsWithRepeatCodes(this.deps.db, pharmacyId, since);
    return Promise.all(ids.map((id) => liveReception(this.deps.db, pharmacyId, id)));
  }

  /** Status tokens stored in clear by servers before hashing, hashed and sealed (at start); how many. */
  sealClearStatusTokens(): Promise<number> {
    return sealClearStatusTokens(this.deps.db, this.deps.secretBox);
  }

  /** The reception behind a status link, for what the visitor's page asks of other features (subscribing to its messages). */
  async visitorReception(statusToken: string): Promise<KeptReception | undefined> {
    const row = await repo.findLiveReceptionByStatusToken(this.deps.db, statusToken);
    return (
      row && {
        pharmacyId: row.pharmacy_id,
        receptionId: row.id,
        receptionDate: row.business_date,
        answers: row.answers,
        handedOverAt: row.handed_over_at?.toISOString() ?? null,
      }
    );
  }

  /** What a message about a reception names it by (its number and day), for a caller without a signed-in person (LINE's webhook). */
  async numberOf(
    pharmacyId: string,
    id: string,
    work?: Work,
  ): Promise<
    | { receptionNumber: number; partitionNumber: number; receptionDate: string; patientLanguage: PatientLanguage }
    | undefined
  > {
    const row = await repo.findLiveReception(work?.db ?? this.deps.db, pharmacyId, id);
    return (
      row && {
        receptionNumber: row.reception_number,
        partitionNumber: row.partition_number,
        receptionDate: row.business_date,
        patientLanguage: row.patient_language,
      }
    );
  }

  /** The language a reception's patient reads; Japanese once it is gone. */
  async patientLanguageOf(pharmacyId: string, id: string): Promise<PatientLanguage> {
    return (await this.numberOf(pharmacyId, id))?.patientLanguage ?? DEFAULT_PATIENT_LANGUAGE;
  }

  async create(
    actor: Actor,
    init: {
      channel: ReceptionChannel;
      answers?: Answers;
      patientName?: string;
      phone?: string;
      statusToken?: string;
      businessDate?: string;
      patientLanguage?: PatientLanguage;
      /** The visitor's consent to the use of the photos sent with it (docs/rules.md#notice-and-consent). */
      photoConsentAt?: Date;
      /** The household of a public send for several people (docs/rules.md#family). */
      householdId?: string;
    } = {
      channel: "Paper",
    },
    outer?: Work,
  ): Promise<Reception> {
    const now = this.deps.clock.now();
    const id = randomUUID();
    return this.deps.unitOfWork.run(async (work) => {
      const trx = work.db;
      // a web reception sent while the branch is closed belongs to the next opening's day (docs/rules.md#across-days)
      const businessDate = init.businessDate ?? businessDateOf(now);
      const receptionNumber = await this.nextNumber(work, actor.pharmacyId, businessDate);
      const row = await repo.insertReception(trx, {
        id,
        pharmacy_id: actor.pharmacyId,
        business_date: businessDate,
        reception_number: receptionNumber,
        partition_number: 0,
        channel: init.channel,
        status: null,
        answers: init.answers ?? {},
        patient_name: init.patientName ?? null,
        phone: init.phone ?? null,
        ...(init.statusToken && storedStatusToken(this.deps.secretBox, id, init.statusToken)),
        created_at: now,
        updated_at: now,
        // a counter kiosk's reception waits for the patient's confirmation; every other is confirmed when made
        confirmed_at: actor.role === "counter" ? null : now,
        device_id: actor.role === "counter" ? (actor.id ?? null) : null,
        ...(init.patientLanguage && { patient_language: init.patientLanguage }),
        ...(init.photoConsentAt && { photo_consent_at: init.photoConsentAt }),
        ...(init.householdId && { household_id: init.householdId }),
      });
      await repo.appendAudit(trx, {
        pharmacyId: actor.pharmacyId,
        receptionId: id,
        action: "created",
        actor: actor.name,
        at: now,
        after: { receptionNumber, channel: init.channel },
      });
      await this.deps.audit.record(work, actor, "reception.created", receptionTarget(id, receptionNumber, 0));
      work.announce(changeOf(actor, "reception.created", id));
      // a new reception has no prescriptions and no photo request yet
      return toReception(row, []);
    }, outer);
  }

  /** The day's next number; the branch's start number is read only for the day's first. */
  private async nextNumber(work: Work, pharmacyId: string, businessDate: string): Promise<number> {
    const next = await repo.nextReceptionNumber(work.db, pharmacyId, businessDate);
    if (next !== undefined) return next;
    const { receptionStartNumber } = await this.deps.pharmacies.get(pharmacyId, work);
    return repo.allocateReceptionNumber(work.db, pharmacyId, businessDate, receptionStartNumber);
  }

  /** A staff member's PATCH: status move, answers, details, exchange number (reception-edit.ts). */
  update(actor: Actor, id: string, input: Omit<UpdateReceptionInput, "id">): Promise<Reception> {
    return editReception(this.deps, actor, id, input);
  }

  /**
   * Brief §4: opening a reception nobody has looked at makes it 確認中 once its day has come: today's,
   * and an earlier day's one (unopened, so carried onto today's list, docs/rules.md#across-days). A later day's (a web
   * reception sent overnight, looked at before its day) stays as it is, nor writes the viewer into its
   * history. Every opening, of any day, goes into the audit log.
   */
  async open(actor: Actor, id: string): Promise<Reception> {
    const now = this.deps.clock.now();
    return this.deps.unitOfWork.run(async (work) => {
      const trx = work.db;
      const row = await liveForUpdate(trx, actor, id);
      if (row.status === null && row.business_date <= businessDateOf(now)) {
        await repo.updateReception(trx, id, { status: "Reviewing", updated_at: now });
        await repo.appendAudit(trx, {
          pharmacyId: actor.pharmacyId,
          receptionId: id,
          action: "status_changed",
          actor: actor.name,
          at: now,
          before: { status: null },
          after: { status: "Reviewing" },
        });
        work.announce(changeOf(actor, "reception.updated", id));
      }
      await this.deps.audit.record(
        work,
        actor,
        "reception.opened",
        receptionTarget(id, row.reception_number, row.partition_number),
      );
      return liveReception(trx, actor.pharmacyId, id);
    });
  }

  /** A counter kiosk's delete is the reset of its flow: the reception is abandoned. */
  async delete(actor: Actor, id: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.unitOfWork.run(async (work) => {
      const trx = work.db;
      const row = await liveForUpdate(trx, actor, id);
      await repo.updateReception(trx, id, { deleted_at: now, updated_at: now });
      await repo.appendAudit(trx, {
        pharmacyId: actor.pharmacyId,
        receptionId: id,
        action: actor.role === "counter" ? "abandoned" : "deleted",
        actor: actor.name,
        at: now,
        before: { receptionNumber: row.reception_number, partitionNumber: row.partition_number, status: row.status },
      });
      await this.deps.audit.record(
        work,
        actor,
        actor.role === "counter" ? "abandoned" : "reception.deleted",
        receptionTarget(id, row.reception_number, row.partition_number),
      );
      work.announce(changeOf(actor, "reception.deleted", id));
      await this.deps.wait.forgetVisitor(work, row);
      await this.deps.prescriptions.normalisePartitions(work, actor, row, now);
    });
  }

  /** A day's first number comes from the start number, so a change of it reaches today only if nothing was numbered yet. */
  async startNumberAppliesFrom(pharmacyId: string): Promise<string> {
    const today = this.today();
    return (await repo.hasNumberingStarted(this.deps.db, pharmacyId, today)) ? addDays(today, 1) : today;
  }

  async history(pharmacyId: string, id: string): Promise<HistoryEntry[]> {
    const row = await repo.findAnyReception(this.deps.db, pharmacyId, id);
    if (!row || row.deleted_at) throw new NotFoundError(RECEPTION_NOT_FOUND_MESSAGE);
    return (await repo.auditOf(this.deps.db, pharmacyId, id)).map(toHistoryEntry);
  }

  /** The patient confirms a counter reception (a staff member may too); confirming again changes nothing. */
  /** `patientLanguage`: the one the kiosk shows when the patient confirms (they may have switched on the way). */
  async confirm(actor: Actor, id: string, patientLanguage?: PatientLanguage): Promise<Reception> {
    const now = this.deps.clock.now();
    return this.deps.unitOfWork.run(async (work) => {
      const trx = work.db;
      const row = await liveForUpdate(trx, actor, id);
      if (row.confirmed_at === null) {
        await repo.updateReception(trx, id, {
          confirmed_at: now,
          updated_at: now,
          ...(patientLanguage && { patient_language: patientLanguage }),
        });
        await repo.appendAudit(trx, {
          pharmacyId: actor.pharmacyId,
          receptionId: id,
          action: "confirmed",
          actor: actor.name,
          at: now,
        });
        await this.deps.audit.record(
          work,
          actor,
          "reception.confirmed",
          receptionTarget(id, row.reception_number, row.partition_number),
        );
        work.announce(changeOf(actor, "reception.updated", id));
      }
      return liveReception(trx, actor.pharmacyId, id);
    });
  }

  /** Deletes the counter receptions left unconfirmed since before `olderThan` (abandoned-sweep.ts); how many went. */
  sweepAbandoned(olderThan: Date): Promise<number> {
    return sweepAbandonedReceptions(this.deps, olderThan);
  }
}
