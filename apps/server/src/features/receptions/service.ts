import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { businessDateOf } from "@pharmacy/contract/formats";
import type { Answers } from "@pharmacy/contract/questions";
import type {
  HistoryEntry,
  Reception,
  ReceptionDates,
  ReceptionList,
  UpdateReceptionInput,
} from "@pharmacy/contract/receptions";
import type { ReceptionChannel } from "@pharmacy/contract/enums";
import type { Database, ReceptionRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { NotFoundError } from "../../lib/errors.js";
import type { Actor } from "../auth/actor.js";
import type { ReceptionEventType, ReceptionEvents } from "../realtime/events.js";
import { toHistoryEntry, toReception } from "./mapping.js";
import type { ReceptionListCache } from "./list-cache.js";
import * as repo from "./repository.js";

type Db = Kysely<Database>;

type Change = { type: ReceptionEventType; receptionId: string };

const RECEPTION_NOT_FOUND = "受付が見つかりません。";

export class ReceptionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: ReceptionEvents,
    private readonly listCache: ReceptionListCache,
  ) {}

  today(): string {
    return businessDateOf(this.clock.now());
  }

  /** The day's list as JSON, from the cache when nothing of the branch changed since it was read. */
  async listJson(
    pharmacyId: string,
    query: { date?: string | undefined; status?: string | undefined; channel?: string | undefined; page: number; pageSize: number },
  ): Promise<Buffer> {
    const filter = { pharmacyId, businessDate: query.date ?? this.today(), status: query.status, channel: query.channel };
    const key = `${filter.businessDate}|${filter.status ?? ""}|${filter.channel ?? ""}|${query.page}|${query.pageSize}`;
    const cached = this.listCache.get(pharmacyId, key);
    if (cached) return cached;
    const generation = this.listCache.generation(pharmacyId);
    const { rows, total } = await repo.listDay(this.db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
    const list: ReceptionList = { receptions: rows.map((row) => toReception(row, row.prescriptions)), total };
    const json = Buffer.from(JSON.stringify(list));
    this.listCache.set(pharmacyId, key, json, generation);
    return json;
  }

  async get(pharmacyId: string, id: string): Promise<Reception> {
    const row = await repo.findLiveReception(this.db, pharmacyId, id);
    if (!row) throw new NotFoundError(RECEPTION_NOT_FOUND);
    return this.withPrescriptions(this.db, row);
  }

  async create(
    actor: Actor,
    init: { channel: ReceptionChannel; answers?: Answers; patientName?: string; phone?: string; statusToken?: string } = {
      channel: "Paper",
    },
    attach?: (trx: Db, receptionId: string) => Promise<void>,
  ): Promise<Reception> {
    const now = this.clock.now();
    const id = randomUUID();
    const reception = await this.db.transaction().execute(async (trx) => {
      const businessDate = businessDateOf(now);
      const receptionNumber = await repo.allocateReceptionNumber(trx, actor.pharmacyId, businessDate);
      await repo.insertReception(trx, {
        id,
        pharmacy_id: actor.pharmacyId,
        business_date: businessDate,
        reception_number: receptionNumber,
        partition_number: 0,
        channel: init.channel,
        status: null,
        answers: (init.answers ?? {}) as Record<string, string>,
        patient_name: init.patientName ?? null,
        phone: init.phone ?? null,
        status_token: init.statusToken ?? null,
        created_at: now,
        updated_at: now,
      });
      if (attach) await attach(trx, id);
      await repo.appendAudit(trx, {
        pharmacyId: actor.pharmacyId,
        receptionId: id,
        action: "created",
        actor: actor.name,
        at: now,
        after: { receptionNumber, channel: init.channel },
      });
      return this.withPrescriptions(trx, (await repo.findLiveReception(trx, actor.pharmacyId, id))!);
    });
    await this.publish(actor, [{ type: "reception.created", receptionId: id }]);
    return reception;
  }

  async update(actor: Actor, id: string, input: Omit<UpdateReceptionInput, "id">): Promise<Reception> {
    const now = this.clock.now();
    const result = await this.db.transaction().execute(async (trx) => {
      const row = await this.liveForUpdate(trx, actor.pharmacyId, id);
      const audit = (action: string, before: unknown, after: unknown) =>
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
      if (nameChanged || phoneChanged) {
        await audit(
          "details_changed",
          { patientName: row.patient_name, phone: row.phone },
          { patientName: input.patientName ?? row.patient_name, phone: input.phone ?? row.phone },
        );
        changed = true;
      }
      if (changed) {
        await repo.updateReception(trx, id, {
          ...(input.status !== undefined && { status: input.status }),
          ...(input.answers !== undefined && { answers: input.answers as Record<string, string> }),
          ...(input.patientName !== undefined && { patient_name: input.patientName || null }),
          ...(input.phone !== undefined && { phone: input.phone || null }),
          updated_at: now,
        });
      }
      return { changed, reception: this.withPrescriptions(trx, (await repo.findLiveReception(trx, actor.pharmacyId, id))!) };
    });
    if (result.changed) await this.publish(actor, [{ type: "reception.updated", receptionId: id }]);
    return result.reception;
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const now = this.clock.now();
    const changes = await this.db.transaction().execute(async (trx) => {
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
      const renumbered = await this.normalisePartitions(trx, row, now);
      return [{ type: "reception.deleted", receptionId: id } as Change, ...renumbered];
    });
    await this.publish(actor, changes);
  }

  /**
   * Moves one prescription into partition N of the same reception number, creating that partition.
   * A single reception (partition 0) counts as partition 1 once it is split; a partition left without
   * prescriptions is removed; a number left with one reception goes back to partition 0.
   */
  async movePrescription(actor: Actor, id: string, prescriptionId: string, partitionNumber: number): Promise<Reception> {
    const now = this.clock.now();
    const { changes, targetId } = await this.db.transaction().execute(async (trx) => {
      const source = await this.liveForUpdate(trx, actor.pharmacyId, id);
      const prescription = await repo.findPrescription(trx, actor.pharmacyId, id, prescriptionId);
      if (!prescription) throw new NotFoundError("処方箋が見つかりません。");
      const siblings = await repo.findSiblings(trx, {
        pharmacyId: actor.pharmacyId,
        businessDate: source.business_date,
        receptionNumber: source.reception_number,
      });
      const sourcePartition = source.partition_number === 0 ? 1 : source.partition_number;
      if (sourcePartition === partitionNumber) return { changes: [] as Change[], targetId: id };

      const changes: Change[] = [];
      if (source.partition_number === 0) {
        await repo.updateReception(trx, id, { partition_number: 1, updated_at: now });
        changes.push({ type: "reception.updated", receptionId: id });
      }
      let target = siblings.find((sibling) => sibling.partition_number === partitionNumber);
      if (!target) {
        const targetIdNew = randomUUID();
        await repo.insertReception(trx, {
          ...source,
          id: targetIdNew,
          partition_number: partitionNumber,
          status_token: null,
          created_at: now,
          updated_at: now,
        });
        target = (await repo.findLiveReception(trx, actor.pharmacyId, targetIdNew))!;
        changes.push({ type: "reception.created", receptionId: targetIdNew });
      } else {
        await repo.updateReception(trx, target.id, { updated_at: now });
        changes.push({ type: "reception.updated", receptionId: target.id });
      }
      await repo.movePrescriptionRow(trx, prescriptionId, target.id);
      await repo.updateReception(trx, id, { updated_at: now });
      if (!changes.some((change) => change.receptionId === id)) changes.push({ type: "reception.updated", receptionId: id });
      await repo.appendAudit(trx, {
        pharmacyId: actor.pharmacyId,
        receptionId: id,
        action: "split",
        actor: actor.name,
        at: now,
        before: { prescriptionId, partitionNumber: source.partition_number },
        after: { prescriptionId, partitionNumber, receptionId: target.id },
      });

      if ((await repo.countPrescriptions(trx, id)) === 0) {
        await repo.updateReception(trx, id, { deleted_at: now });
        await repo.appendAudit(trx, { pharmacyId: actor.pharmacyId, receptionId: id, action: "deleted", actor: actor.name, at: now, before: { reason: "empty partition" } });
        changes.push({ type: "reception.deleted", receptionId: id });
      }
      changes.push(...(await this.normalisePartitions(trx, source, now)));
      return { changes: dedupe(changes), targetId: target.id };
    });
    await this.publish(actor, changes);
    return this.get(actor.pharmacyId, targetId);
  }

  async removePrescription(actor: Actor, id: string, prescriptionId: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
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
    });
    await this.publish(actor, [{ type: "reception.updated", receptionId: id }]);
  }

  async attachPrescription(
    actor: Actor,
    id: string,
    prescription: { sourceType: string; fileId: string | null },
    trx: Db = this.db,
  ): Promise<string> {
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
    return prescriptionId;
  }

  async dates(pharmacyId: string): Promise<ReceptionDates> {
    return { dates: await repo.listDates(this.db, pharmacyId) };
  }

  async history(pharmacyId: string, id: string): Promise<HistoryEntry[]> {
    const row = await repo.findAnyReception(this.db, pharmacyId, id);
    if (!row || row.deleted_at) throw new NotFoundError(RECEPTION_NOT_FOUND);
    return (await repo.auditOf(this.db, pharmacyId, id)).map(toHistoryEntry);
  }

  async publish(actor: Actor, changes: Change[]): Promise<void> {
    // at once here, so this process never answers its own client with a list from before the change
    if (changes.length > 0) this.listCache.invalidate(actor.pharmacyId);
    for (const change of changes) {
      await this.events.publish({ ...change, pharmacyId: actor.pharmacyId, originSessionId: actor.sessionId });
    }
  }

  private async liveForUpdate(trx: Db, pharmacyId: string, id: string): Promise<ReceptionRow> {
    const row = await repo.findLiveReception(trx, pharmacyId, id, true);
    if (!row) throw new NotFoundError(RECEPTION_NOT_FOUND);
    return row;
  }

  private async normalisePartitions(trx: Db, of: ReceptionRow, now: Date): Promise<Change[]> {
    const siblings = await repo.findSiblings(trx, {
      pharmacyId: of.pharmacy_id,
      businessDate: of.business_date,
      receptionNumber: of.reception_number,
    });
    const only = siblings.length === 1 ? siblings[0] : undefined;
    if (!only || only.partition_number === 0) return [];
    await repo.updateReception(trx, only.id, { partition_number: 0, updated_at: now });
    return [{ type: "reception.updated", receptionId: only.id }];
  }

  private async withPrescriptions(db: Db, row: ReceptionRow): Promise<Reception> {
    return toReception(row, await repo.prescriptionsOf(db, [row.id]));
  }
}

/** A reception as events carry it: deleted ones too, so that a deletion names what was deleted. */
export async function loadReceptionForEvent(db: Db, pharmacyId: string, id: string): Promise<Reception | undefined> {
  const row = await repo.findAnyReception(db, pharmacyId, id);
  return row && toReception(row, await repo.prescriptionsOf(db, [row.id]));
}

function dedupe(changes: Change[]): Change[] {
  const byId = new Map<string, Change>();
  for (const change of changes) {
    const previous = byId.get(change.receptionId);
    // created or deleted outrank a plain update of the same reception
    if (!previous || previous.type === "reception.updated") byId.set(change.receptionId, change);
  }
  return [...byId.values()];
}

