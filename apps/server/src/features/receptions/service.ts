import { randomUUID } from "node:crypto";
import { addDays, businessDateOf } from "@pharmacy/contract/business-calendar";
import type { Answers } from "@pharmacy/contract/questions";
import type {
  HistoryAction,
  HistoryEntry,
  Reception,
  ReceptionDates,
  ReceptionList,
  ReceptionListQuerySchema,
  UpdateReceptionInput,
} from "@pharmacy/contract/receptions";
import type { z } from "zod";
import type { PrescriptionSourceType, ReceptionChannel } from "@pharmacy/contract/enums";
import { RECEPTION_EVENT_TYPES, type ReceptionEvent, type ReceptionEventType } from "@pharmacy/contract/realtime";
import type { PublicReceptionStatus } from "@pharmacy/contract/public";
import type { AuditDetails, Db, ReceptionRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { EncodedBody } from "../../lib/encoded-body.js";
import { NotFoundError } from "../../lib/errors.js";
import type { LiveBus } from "../../live/live-bus.js";
import type { LiveChange } from "../../live/live-change.js";
import type { UnitOfWork, Work } from "../../live/unit-of-work.js";
import type { Actor } from "../auth/actor.js";
import type { PharmacyService } from "../pharmacy/service.js";
import { toHistoryEntry, toReception } from "./mapping.js";
import type { ReceptionListCache } from "./list-cache.js";
import * as repo from "./repository.js";

const RECEPTION_CHANGES = new Set<string>(RECEPTION_EVENT_TYPES);

const RECEPTION_NOT_FOUND = "受付が見つかりません。";

export class ReceptionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
    private readonly listCache: ReceptionListCache,
    private readonly pharmacies: PharmacyService,
  ) {}

  /** Drops a branch's cached lists on any change of its receptions, and turns those changes into frames. */
  listenTo(bus: LiveBus): void {
    bus.onChange((change) => {
      if (RECEPTION_CHANGES.has(change.type)) this.listCache.invalidate(change.pharmacyId);
    });
    bus.buildFramesWith(RECEPTION_EVENT_TYPES, (change) => this.eventOf(change));
  }

  today(): string {
    return businessDateOf(this.clock.now());
  }

  /** The day's list as JSON, from the cache when nothing of the branch changed since it was read. */
  async listJson(
    pharmacyId: string,
    query: z.output<typeof ReceptionListQuerySchema>,
  ): Promise<EncodedBody> {
    const filter = { pharmacyId, businessDate: query.date ?? this.today(), status: query.status, channel: query.channel };
    const key = `${filter.businessDate}|${filter.status ?? ""}|${filter.channel ?? ""}|${query.page}|${query.pageSize}`;
    const cached = this.listCache.get(pharmacyId, key);
    if (cached) return cached;
    const generation = this.listCache.generation(pharmacyId);
    const { rows, total } = await repo.listDay(this.db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
    const list: ReceptionList = { receptions: rows.map((row) => toReception(row, row.prescriptions)), total };
    const json = new EncodedBody(Buffer.from(JSON.stringify(list)));
    this.listCache.set(pharmacyId, key, json, generation);
    return json;
  }

  async get(pharmacyId: string, id: string): Promise<Reception> {
    const row = await repo.findLiveReception(this.db, pharmacyId, id);
    if (!row) throw new NotFoundError(RECEPTION_NOT_FOUND);
    return this.withPrescriptions(this.db, row);
  }

  /** What a visitor's status page shows of the reception behind its link (none once it is deleted). */
  async findByStatusToken(
    statusToken: string,
  ): Promise<(Omit<PublicReceptionStatus, "pharmacyName" | "openNow" | "nextOpening"> & { pharmacyId: string }) | undefined> {
    const row = await repo.findLiveReceptionByStatusToken(this.db, statusToken);
    return (
      row && {
        pharmacyId: row.pharmacy_id,
        receptionNumber: row.reception_number,
        partitionNumber: row.partition_number,
        receptionDate: row.business_date,
        status: row.status,
        createdAt: row.created_at.toISOString(),
        answers: {
          ...(row.answers.receiveMethod && { receiveMethod: row.answers.receiveMethod }),
          ...(row.answers.returnDate && { returnDate: row.answers.returnDate }),
          ...(row.answers.returnTimePeriod && { returnTimePeriod: row.answers.returnTimePeriod }),
        },
      }
    );
  }

  async create(
    actor: Actor,
    init: { channel: ReceptionChannel; answers?: Answers; patientName?: string; phone?: string; statusToken?: string } = {
      channel: "Paper",
    },
    outer?: Work,
  ): Promise<Reception> {
    const now = this.clock.now();
    const id = randomUUID();
    return this.unitOfWork.run(async (work) => {
      const trx = work.db;
      const businessDate = businessDateOf(now);
      const { receptionStartNumber } = await this.pharmacies.get(actor.pharmacyId, work);
      const receptionNumber = await repo.allocateReceptionNumber(trx, actor.pharmacyId, businessDate, receptionStartNumber);
      await repo.insertReception(trx, {
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
        status_token: init.statusToken ?? null,
        created_at: now,
        updated_at: now,
      });
      await repo.appendAudit(trx, {
        pharmacyId: actor.pharmacyId,
        receptionId: id,
        action: "created",
        actor: actor.name,
        at: now,
        after: { receptionNumber, channel: init.channel },
      });
      work.announce(changeOf(actor, "reception.created", id));
      return this.withPrescriptions(trx, (await repo.findLiveReception(trx, actor.pharmacyId, id))!);
    }, outer);
  }

  async update(actor: Actor, id: string, input: Omit<UpdateReceptionInput, "id">): Promise<Reception> {
    const now = this.clock.now();
    return this.unitOfWork.run(async (work) => {
      const trx = work.db;
      const row = await this.liveForUpdate(trx, actor.pharmacyId, id);
      const audit = (action: HistoryAction, before: AuditDetails, after: AuditDetails) =>
        repo.appendAudit(trx, { pharmacyId: actor.pharmacyId, receptionId: id, action, actor: actor.name, at: now, before, after });
      let changed = false;
      if (input.status !== undefined && input.status !== row.status) {
        await audit("status_changed", { status: row.status }, { status: input.status });
        changed = true;
      }
      if (input.answers !== undefined && JSON.stringify(input.answers) !== JSON.stringify(row.answers)) {
        await audit("answers_changed", { answers: row.answers }, { answers: input.answers });
        changed = true;
      }
      const nameChanged = input.patientName !== undefined && input.patientName !== (row.patient_name ?? "");
      const phoneChanged = input.phone !== undefined && input.phone !== (row.phone ?? "");
      const noteChanged = input.note !== undefined && input.note !== (row.note ?? "");
      if (nameChanged || phoneChanged || noteChanged) {
        await audit(
          "details_changed",
          { patientName: row.patient_name, phone: row.phone, note: row.note },
          { patientName: input.patientName ?? row.patient_name, phone: input.phone ?? row.phone, note: input.note ?? row.note },
        );
        changed = true;
      }
      if (changed) {
        await repo.updateReception(trx, id, {
          ...(input.status !== undefined && { status: input.status }),
          ...(input.answers !== undefined && { answers: input.answers }),
          ...(input.patientName !== undefined && { patient_name: input.patientName || null }),
          ...(input.phone !== undefined && { phone: input.phone || null }),
          ...(input.note !== undefined && { note: input.note || null }),
          updated_at: now,
        });
        work.announce(changeOf(actor, "reception.updated", id));
      }
      return this.withPrescriptions(trx, (await repo.findLiveReception(trx, actor.pharmacyId, id))!);
    });
  }

  /**
   * Brief §4: opening a reception nobody has looked at makes it 確認中, but only on its own day: a
   * past day's reception is history, and looking at it changes nothing (nor writes the viewer down).
   */
  async open(actor: Actor, id: string): Promise<Reception> {
    const now = this.clock.now();
    return this.unitOfWork.run(async (work) => {
      const trx = work.db;
      const row = await this.liveForUpdate(trx, actor.pharmacyId, id);
      if (row.status === null && row.business_date === businessDateOf(now)) {
        await repo.updateReception(trx, id, { status: "Reviewing", updated_at: now });
        await repo.appendAudit(trx, { pharmacyId: actor.pharmacyId, receptionId: id, action: "status_changed", actor: actor.name, at: now, before: { status: null }, after: { status: "Reviewing" } });
        work.announce(changeOf(actor, "reception.updated", id));
      }
      return this.withPrescriptions(trx, (await repo.findLiveReception(trx, actor.pharmacyId, id))!);
    });
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const now = this.clock.now();
    await this.unitOfWork.run(async (work) => {
      const trx = work.db;
      const row = await this.liveForUpdate(trx, actor.pharmacyId, id);
      await repo.updateReception(trx, id, { deleted_at: now, updated_at: now });
      await repo.appendAudit(trx, {
        pharmacyId: actor.pharmacyId,
        receptionId: id,
        action: "deleted",
        actor: actor.name,
        at: now,
        before: { receptionNumber: row.reception_number, partitionNumber: row.partition_number, status: row.status },
      });
      work.announce(changeOf(actor, "reception.deleted", id));
      await this.normalisePartitions(work, actor, row, now);
    });
  }

  /**
   * Moves one prescription into partition N of the same reception number, creating that partition.
   * A single reception (partition 0) counts as partition 1 once it is split; a partition left without
   * prescriptions is removed; a number left with one reception goes back to partition 0.
   */
  async movePrescription(actor: Actor, id: string, prescriptionId: string, partitionNumber: number): Promise<Reception> {
    const now = this.clock.now();
    const targetId = await this.unitOfWork.run(async (work) => {
      const trx = work.db;
      const announce = (type: ReceptionEventType, receptionId: string) => work.announce(changeOf(actor, type, receptionId));
      const source = await this.liveForUpdate(trx, actor.pharmacyId, id);
      const prescription = await repo.findPrescription(trx, actor.pharmacyId, id, prescriptionId);
      if (!prescription) throw new NotFoundError("処方箋が見つかりません。");
      const siblings = await repo.findSiblings(trx, {
        pharmacyId: actor.pharmacyId,
        businessDate: source.business_date,
        receptionNumber: source.reception_number,
      });
      const sourcePartition = source.partition_number === 0 ? 1 : source.partition_number;
      if (sourcePartition === partitionNumber) return id;

      if (source.partition_number === 0) await repo.updateReception(trx, id, { partition_number: 1, updated_at: now });
      let target = siblings.find((sibling) => sibling.partition_number === partitionNumber);
      if (!target) {
        // The new partition is the same reception: its time and its history up to now are the source's.
        const targetIdNew = randomUUID();
        await repo.insertReception(trx, {
          ...source,
          id: targetIdNew,
          partition_number: partitionNumber,
          status_token: null,
          updated_at: now,
        });
        await repo.copyAudit(trx, id, targetIdNew);
        target = (await repo.findLiveReception(trx, actor.pharmacyId, targetIdNew))!;
        announce("reception.created", targetIdNew);
      } else {
        // A prescription still being worked on takes the partition it joins back to its own step.
        const status = lessAdvanced(source.status, target.status);
        if (status !== target.status) {
          await repo.appendAudit(trx, { pharmacyId: actor.pharmacyId, receptionId: target.id, action: "status_changed", actor: actor.name, at: now, before: { status: target.status }, after: { status } });
        }
        await repo.updateReception(trx, target.id, { status, updated_at: now });
        announce("reception.updated", target.id);
      }
      await repo.movePrescriptionRow(trx, prescriptionId, target.id);
      await repo.updateReception(trx, id, { updated_at: now });
      announce("reception.updated", id);
      for (const receptionId of [id, target.id]) {
        await repo.appendAudit(trx, {
          pharmacyId: actor.pharmacyId,
          receptionId,
          action: "split",
          actor: actor.name,
          at: now,
          before: { prescriptionId, partitionNumber: source.partition_number },
          after: { prescriptionId, partitionNumber, receptionId: target.id },
        });
      }

      if ((await repo.countPrescriptions(trx, id)) === 0) {
        await repo.updateReception(trx, id, { deleted_at: now });
        await repo.appendAudit(trx, { pharmacyId: actor.pharmacyId, receptionId: id, action: "deleted", actor: actor.name, at: now, before: { reason: "empty partition" } });
        announce("reception.deleted", id);
      }
      await this.normalisePartitions(work, actor, source, now);
      return target.id;
    });
    return this.get(actor.pharmacyId, targetId);
  }

  async removePrescription(actor: Actor, id: string, prescriptionId: string): Promise<void> {
    const now = this.clock.now();
    await this.unitOfWork.run(async (work) => {
      const trx = work.db;
      await this.liveForUpdate(trx, actor.pharmacyId, id);
      const prescription = await repo.findPrescription(trx, actor.pharmacyId, id, prescriptionId);
      if (!prescription) throw new NotFoundError("処方箋が見つかりません。");
      await repo.deletePrescriptionRow(trx, prescriptionId);
      await repo.updateReception(trx, id, { updated_at: now });
      await repo.appendAudit(trx, {
        pharmacyId: actor.pharmacyId,
        receptionId: id,
        action: "prescription_removed",
        actor: actor.name,
        at: now,
        before: { prescriptionId, sourceType: prescription.source_type, fileId: prescription.file_id },
      });
      work.announce(changeOf(actor, "reception.updated", id));
    });
  }

  /** Adds a prescription (its file stored already, maybe in the same transaction); its id. */
  async attachPrescription(
    actor: Actor,
    id: string,
    prescription: { sourceType: PrescriptionSourceType; fileId: string | null },
    outer?: Work,
  ): Promise<string> {
    return this.unitOfWork.run(async (work) => {
      const trx = work.db;
      const row = await repo.findLiveReception(trx, actor.pharmacyId, id);
      if (!row) throw new NotFoundError(RECEPTION_NOT_FOUND);
      const prescriptionId = randomUUID();
      const now = this.clock.now();
      await repo.insertPrescription(trx, {
        id: prescriptionId,
        pharmacy_id: actor.pharmacyId,
        reception_id: id,
        source_type: prescription.sourceType,
        file_id: prescription.fileId,
        created_at: now,
      });
      await repo.updateReception(trx, id, { updated_at: now });
      await repo.appendAudit(trx, {
        pharmacyId: actor.pharmacyId,
        receptionId: id,
        action: "prescription_added",
        actor: actor.name,
        at: now,
        after: { prescriptionId, sourceType: prescription.sourceType, fileId: prescription.fileId },
      });
      work.announce(changeOf(actor, "reception.updated", id));
      return prescriptionId;
    }, outer);
  }

  /** A day's first number comes from the start number, so a change of it reaches today only if nothing was numbered yet. */
  async startNumberAppliesFrom(pharmacyId: string): Promise<string> {
    const today = this.today();
    return (await repo.hasNumberingStarted(this.db, pharmacyId, today)) ? addDays(today, 1) : today;
  }

  async dates(pharmacyId: string): Promise<ReceptionDates> {
    return { dates: await repo.listDates(this.db, pharmacyId) };
  }

  async history(pharmacyId: string, id: string): Promise<HistoryEntry[]> {
    const row = await repo.findAnyReception(this.db, pharmacyId, id);
    if (!row || row.deleted_at) throw new NotFoundError(RECEPTION_NOT_FOUND);
    return (await repo.auditOf(this.db, pharmacyId, id)).map(toHistoryEntry);
  }

  private async liveForUpdate(trx: Db, pharmacyId: string, id: string): Promise<ReceptionRow> {
    const row = await repo.findLiveReception(trx, pharmacyId, id, true);
    if (!row) throw new NotFoundError(RECEPTION_NOT_FOUND);
    return row;
  }

  /** A reception number left with one partition goes back to partition 0. */
  private async normalisePartitions(work: Work, actor: Actor, of: ReceptionRow, now: Date): Promise<void> {
    const siblings = await repo.findSiblings(work.db, {
      pharmacyId: of.pharmacy_id,
      businessDate: of.business_date,
      receptionNumber: of.reception_number,
    });
    const only = siblings.length === 1 ? siblings[0] : undefined;
    if (!only || only.partition_number === 0) return;
    await repo.updateReception(work.db, only.id, { partition_number: 0, updated_at: now });
    work.announce(changeOf(actor, "reception.updated", only.id));
  }

  /** A reception as its frame carries it: deleted ones too, so that a deletion names what was deleted. */
  private async eventOf(change: LiveChange): Promise<ReceptionEvent | undefined> {
    const row = await repo.findAnyReception(this.db, change.pharmacyId, change.subjectId);
    if (!row) return undefined;
    const reception = await this.withPrescriptions(this.db, row);
    return {
      type: change.type as ReceptionEventType,
      reception,
      ...(change.originSessionId && { originSessionId: change.originSessionId }),
    };
  }

  private async withPrescriptions(db: Db, row: ReceptionRow): Promise<Reception> {
    return toReception(row, await repo.prescriptionsOf(db, [row.id]));
  }
}

function changeOf(actor: Actor, type: ReceptionEventType, receptionId: string): LiveChange {
  return { type, pharmacyId: actor.pharmacyId, subjectId: receptionId, originSessionId: actor.sessionId };
}

const STATUS_ORDER: (string | null)[] = [null, "Reviewing", "Dispensing", "Completed"];

/** The earlier step of the two (未確認 < 確認中 < 調剤中 < 完了). */
function lessAdvanced<T extends string | null>(a: T, b: T): T {
  return STATUS_ORDER.indexOf(a) <= STATUS_ORDER.indexOf(b) ? a : b;
}
