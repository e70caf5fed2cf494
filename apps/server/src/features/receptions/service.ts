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
import type { PrescriptionSourceType, ReceptionChannel, ReceptionStatus } from "@pharmacy/contract/enums";
import { RECEPTION_EVENT_TYPES, type BoardFrame, type ReceptionEvent, type ReceptionEventType } from "@pharmacy/contract/realtime";
import { BOARD_ROLES, type DisplayBoard } from "@pharmacy/contract/display";
import type { CreatePhotoRequestInput } from "@pharmacy/contract/photo-requests";
import {
  estimatedReadyAt,
  estimatedWaitMinutes,
  roundedWaitMinutes,
  WAIT_LOOKBACK_MINUTES,
  waitPaceOf,
  type WaitPace,
} from "@pharmacy/contract/wait-estimate";
import type { PublicReceptionStatus } from "@pharmacy/contract/public";
import type { AuditDetails, Db, ReceptionRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { EncodedBody } from "../../lib/encoded-body.js";
import { AppError, ConflictError, NotFoundError } from "../../lib/errors.js";
import { ERROR_CODE_MESSAGES, ErrorCode } from "@pharmacy/contract/errors";
import { isReturnDateAfterUsable } from "@pharmacy/contract/prescription-data";
import type { CodeSymbol } from "../files/code-symbols.js";
import { type PhotoReading, readPrescriptionCodes } from "./prescription-codes.js";
import type { LiveBus } from "../../live/live-bus.js";
import type { LiveChange } from "../../live/live-change.js";
import type { UnitOfWork, Work } from "../../live/unit-of-work.js";
import type { Actor } from "../auth/actor.js";
import type { PharmacyService } from "../pharmacy/service.js";
import { toHistoryEntry, toReception } from "./mapping.js";
import type { ReceptionListCache } from "./list-cache.js";
import * as repo from "./repository.js";
import type { AuditService, AuditTarget } from "../audit/service.js";
import type { VisitorMilestone } from "../visitor-notices/messages.js";
import type { VisitorNotices } from "../visitor-notices/service.js";

const RECEPTION_CHANGES = new Set<string>(RECEPTION_EVENT_TYPES);

/** A prescription to add: a stored photo (with the 2D code symbols read from it) or an electronic one's 引換番号. */
export interface NewPrescription {
  sourceType: PrescriptionSourceType;
  fileId: string | null;
  symbols?: CodeSymbol[] | null;
  exchangeNumber?: string | null;
}

const RECEPTION_NOT_FOUND = "受付が見つかりません。";

export class ReceptionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
    private readonly listCache: ReceptionListCache,
    private readonly pharmacies: PharmacyService,
    private readonly audit: AuditService,
    private readonly notices: VisitorNotices,
  ) {}

  /** Drops a branch's cached lists on any change of its receptions, and turns those changes into frames. */
  listenTo(bus: LiveBus): void {
    bus.onChange((change) => {
      if (RECEPTION_CHANGES.has(change.type)) this.listCache.invalidate(change.pharmacyId);
    });
    bus.buildFramesWith(RECEPTION_EVENT_TYPES, (change) => this.eventOf(change));
    bus.buildFramesWith(RECEPTION_EVENT_TYPES, (change) => this.boardFrameOf(change), { view: "board", roles: BOARD_ROLES });
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
    const list: ReceptionList = { receptions: rows.map((row) => toReception(row, row.prescriptions, row.photo_request)), total };
    const json = new EncodedBody(Buffer.from(JSON.stringify(list)));
    this.listCache.set(pharmacyId, key, json, generation);
    return json;
  }

  /** A reception as the actor may see it: a counter kiosk only its own, until it is confirmed. */
  async getFor(actor: Actor, id: string): Promise<Reception> {
    const row = await repo.findLiveReception(this.db, actor.pharmacyId, id);
    if (!row || !mayTouch(actor, row)) throw new NotFoundError(RECEPTION_NOT_FOUND);
    return this.withPrescriptions(this.db, row);
  }

  /** GET of one reception: an opening, written down (SPEC §7) outside any transaction. */
  async view(actor: Actor, id: string): Promise<Reception> {
    const reception = await this.getFor(actor, id);
    await this.audit.record(this.db, actor, "reception.opened", receptionTarget(id, reception.receptionNumber, reception.partitionNumber));
    return reception;
  }

  async get(pharmacyId: string, id: string): Promise<Reception> {
    const row = await repo.findLiveReception(this.db, pharmacyId, id);
    if (!row) throw new NotFoundError(RECEPTION_NOT_FOUND);
    return this.withPrescriptions(this.db, row);
  }

  /** What a visitor's status page shows of the reception behind its link (none once it is deleted). */
  async findByStatusToken(
    statusToken: string,
  ): Promise<(Omit<PublicReceptionStatus, "pharmacyName" | "openNow" | "nextOpening"> & { pharmacyId: string; receptionId: string }) | undefined> {
    const row = await repo.findLiveReceptionByStatusToken(this.db, statusToken);
    if (!row) return undefined;
    const [{ ahead, readyAt }, photoRequests] = await Promise.all([this.readyEstimate(row), repo.latestPhotoRequests(this.db, [row.id])]);
    const photoRequest = photoRequests.get(row.id);
    return {
      pharmacyId: row.pharmacy_id,
      receptionId: row.id,
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
      ahead,
      ...(readyAt && { estimatedReadyAt: readyAt.toISOString() }),
      ...(photoRequest &&
        photoRequest.answered_at === null && {
          photoRequest: {
            reason: photoRequest.reason,
            ...(photoRequest.message !== null && { message: photoRequest.message }),
            requestedAt: photoRequest.requested_at.toISOString(),
          },
        }),
      ...(row.called_at && { calledAt: row.called_at.toISOString() }),
    };
  }

  /** The reception behind a status link, for what the visitor's page asks of other features (subscribing to its messages). */
  async visitorReception(statusToken: string): Promise<{ pharmacyId: string; receptionId: string; businessDate: string } | undefined> {
    const row = await repo.findLiveReceptionByStatusToken(this.db, statusToken);
    return row && { pharmacyId: row.pharmacy_id, receptionId: row.id, businessDate: row.business_date };
  }

  /** 「お待ち時間の目安 約15分」 of the ticket: undefined without enough recent data, or once it is ready. */
  async waitMinutesOf(pharmacyId: string, id: string): Promise<number | undefined> {
    const row = await repo.findLiveReception(this.db, pharmacyId, id);
    if (!row) throw new NotFoundError(RECEPTION_NOT_FOUND);
    const { readyAt } = await this.readyEstimate(row);
    return readyAt && roundedWaitMinutes((readyAt.getTime() - this.clock.now().getTime()) / 60_000);
  }

  /** How many unfinished receptions are ahead of this one, and when it should be ready (today's unfinished ones only). */
  private async readyEstimate(
    row: Pick<ReceptionRow, "pharmacy_id" | "business_date" | "reception_number" | "status">,
  ): Promise<{ ahead: number; readyAt?: Date | undefined }> {
    const now = this.clock.now();
    if (row.status === "Completed") return { ahead: 0 };
    const [ahead, pace] = await Promise.all([repo.countAhead(this.db, row.pharmacy_id, row.business_date, row.reception_number), this.waitPace(row.pharmacy_id)]);
    const today = row.business_date === businessDateOf(now);
    return { ahead, readyAt: pace && today ? estimatedReadyAt(pace, ahead, now) : undefined };
  }

  /** The branch's recent pace (undefined without enough recent completions). */
  async waitPace(pharmacyId: string): Promise<WaitPace | undefined> {
    const now = this.clock.now();
    const rows = await repo.completionsSince(this.db, pharmacyId, new Date(now.getTime() - WAIT_LOOKBACK_MINUTES * 60_000));
    return waitPaceOf(
      rows.map((row) => ({ confirmedAt: row.confirmed_at, completedAt: row.completed_at! })),
      now,
    );
  }

  /** The calling display's board for today: numbers only. */
  async board(pharmacyId: string): Promise<DisplayBoard> {
    const [rows, pace, pharmacy] = await Promise.all([repo.boardRows(this.db, pharmacyId, this.today()), this.waitPace(pharmacyId), this.pharmacies.get(pharmacyId)]);
    const preparing = rows.filter((row) => row.status !== "Completed");
    const waitMinutes = pace && roundedWaitMinutes(estimatedWaitMinutes(pace, new Set(preparing.map((row) => row.reception_number)).size));
    return {
      pharmacyName: pharmacy.name,
      preparing: preparing.map((row) => ({ receptionNumber: row.reception_number, partitionNumber: row.partition_number })),
      ready: rows
        .filter((row) => row.status === "Completed")
        .map((row) => ({
          receptionNumber: row.reception_number,
          partitionNumber: row.partition_number,
          ...(row.called_at && { calledAt: row.called_at.toISOString() }),
        })),
      ...(waitMinutes !== undefined && { waitMinutes }),
    };
  }

  /** 「呼び出す」: a Completed reception not yet handed over; pressing again calls it again. */
  async call(actor: Actor, id: string): Promise<Reception> {
    return this.changeWaitState(actor, id, "called", (row, now) => {
      if (row.status !== "Completed") throw new ConflictError("お薬の準備が完了した受付だけ呼び出せます。");
      if (row.handed_over_at) throw new ConflictError("この受付はお渡し済みです。");
      return { called_at: now };
    });
  }

  /** 「お渡し済み」: off the display. Handing over twice changes nothing more. */
  async handOver(actor: Actor, id: string): Promise<Reception> {
    return this.changeWaitState(actor, id, "handed_over", (row, now) => {
      if (row.status !== "Completed") throw new ConflictError("お薬の準備が完了した受付だけお渡し済みにできます。");
      return row.handed_over_at ? undefined : { handed_over_at: now };
    });
  }

  /** Staff ask the visitor of a Web reception for new photos; the status page says why. */
  async requestPhotos(actor: Actor, id: string, input: CreatePhotoRequestInput): Promise<Reception> {
    return this.unitOfWork.run(async (work) => {
      const now = this.clock.now();
      const row = await this.liveForUpdate(work.db, actor, id);
      if (!row.status_token) throw new ConflictError("写真の再送はWeb受付の受付にだけ依頼できます。");
      if (row.handed_over_at) throw new ConflictError("この受付はお渡し済みです。");
      await repo.answerPhotoRequest(work.db, id, now);
      await repo.insertPhotoRequest(work.db, { pharmacyId: actor.pharmacyId, receptionId: id, requestedBy: actor.name, at: now, ...input });
      await repo.updateReception(work.db, id, { updated_at: now });
      await repo.appendAudit(work.db, { pharmacyId: actor.pharmacyId, receptionId: id, action: "photo_requested", actor: actor.name, at: now, after: { ...input } });
      work.announce(changeOf(actor, "reception.updated", id));
      this.tellVisitor(work, row, { kind: "photoRequested", reason: input.reason });
      return this.withPrescriptions(work.db, (await repo.findLiveReception(work.db, actor.pharmacyId, id))!);
    });
  }

  /** The visitor's new photos answer the open request (their prescriptions are attached in the same `work`). */
  async answerPhotoRequest(actor: Actor, id: string, work: Work): Promise<void> {
    const now = this.clock.now();
    await this.liveForUpdate(work.db, actor, id);
    if (!(await repo.answerPhotoRequest(work.db, id, now))) throw new ConflictError("写真の再送は依頼されていません。");
    await repo.appendAudit(work.db, { pharmacyId: actor.pharmacyId, receptionId: id, action: "photos_received", actor: actor.name, at: now });
    work.announce(changeOf(actor, "reception.updated", id));
  }

  /** A web reception's visitor hears of it once the change commits (by push and mail, if they asked). */
  private tellVisitor(work: Work, row: ReceptionRow, milestone: VisitorMilestone): void {
    if (!row.status_token) return;
    const reception = { pharmacyId: row.pharmacy_id, receptionId: row.id, receptionNumber: row.reception_number, partitionNumber: row.partition_number, statusToken: row.status_token };
    this.notices.notify(work, reception, milestone);
  }

  private async changeWaitState(
    actor: Actor,
    id: string,
    action: HistoryAction,
    decide: (row: ReceptionRow, now: Date) => { called_at?: Date; handed_over_at?: Date } | undefined,
  ): Promise<Reception> {
    return this.unitOfWork.run(async (work) => {
      const now = this.clock.now();
      const row = await this.liveForUpdate(work.db, actor, id);
      const changes = decide(row, now);
      if (changes) {
        await repo.updateReception(work.db, id, { ...changes, updated_at: now });
        await repo.appendAudit(work.db, { pharmacyId: actor.pharmacyId, receptionId: id, action, actor: actor.name, at: now });
        work.announce(changeOf(actor, "reception.updated", id));
        if (changes.called_at) this.tellVisitor(work, row, { kind: "called" });
      }
      return this.withPrescriptions(work.db, (await repo.findLiveReception(work.db, actor.pharmacyId, id))!);
    });
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
        status_token: init.statusToken ?? null,
        created_at: now,
        updated_at: now,
        // a counter kiosk's reception waits for the patient's confirmation; every other is confirmed when made
        confirmed_at: actor.role === "counter" ? null : now,
        device_id: actor.role === "counter" ? (actor.id ?? null) : null,
      });
      await repo.appendAudit(trx, {
        pharmacyId: actor.pharmacyId,
        receptionId: id,
        action: "created",
        actor: actor.name,
        at: now,
        after: { receptionNumber, channel: init.channel },
      });
      await this.audit.record(work, actor, "reception.created", receptionTarget(id, receptionNumber, 0));
      work.announce(changeOf(actor, "reception.created", id));
      // a new reception has no prescriptions and no photo request yet
      return toReception(row, []);
    }, outer);
  }

  async update(actor: Actor, id: string, input: Omit<UpdateReceptionInput, "id">): Promise<Reception> {
    const now = this.clock.now();
    return this.unitOfWork.run(async (work) => {
      const trx = work.db;
      const row = await this.liveForUpdate(trx, actor, id);
      const audit = (action: HistoryAction, before: AuditDetails, after: AuditDetails) =>
        repo.appendAudit(trx, { pharmacyId: actor.pharmacyId, receptionId: id, action, actor: actor.name, at: now, before, after });
      if (input.answers?.returnDate !== undefined && input.answers.returnDate !== row.answers.returnDate) {
        await this.assertReturnDateUsable(work, id, input.answers.returnDate);
      }
      let changed = input.exchangeNumber !== undefined && (await this.saveExchangeNumber(work, actor, id, input.exchangeNumber, now));
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
          ...(input.status !== undefined && input.status !== row.status && waitColumnsFor(input.status, now)),
          ...(input.status !== undefined && { status: input.status }),
          ...(input.answers !== undefined && { answers: input.answers }),
          ...(input.patientName !== undefined && { patient_name: input.patientName || null }),
          ...(input.phone !== undefined && { phone: input.phone || null }),
          ...(input.note !== undefined && { note: input.note || null }),
          updated_at: now,
        });
        await this.audit.record(work, actor, "reception.updated", receptionTarget(id, row.reception_number, row.partition_number));
        work.announce(changeOf(actor, "reception.updated", id));
        if (input.status === "Completed" && row.status !== "Completed") {
          this.tellVisitor(work, row, { kind: "ready", delivered: (input.answers ?? row.answers).receiveMethod === "Delivery" });
        }
      }
      return this.withPrescriptions(trx, (await repo.findLiveReception(trx, actor.pharmacyId, id))!);
    });
  }

  /**
   * Brief §4: opening a reception nobody has looked at makes it 確認中, but only on its own day: a
   * past day's reception is history, and looking at it changes nothing (nor writes the viewer into
   * its history). Every opening, of any day, goes into the audit log.
   */
  async open(actor: Actor, id: string): Promise<Reception> {
    const now = this.clock.now();
    return this.unitOfWork.run(async (work) => {
      const trx = work.db;
      const row = await this.liveForUpdate(trx, actor, id);
      if (row.status === null && row.business_date === businessDateOf(now)) {
        await repo.updateReception(trx, id, { status: "Reviewing", updated_at: now });
        await repo.appendAudit(trx, { pharmacyId: actor.pharmacyId, receptionId: id, action: "status_changed", actor: actor.name, at: now, before: { status: null }, after: { status: "Reviewing" } });
        work.announce(changeOf(actor, "reception.updated", id));
      }
      await this.audit.record(work, actor, "reception.opened", receptionTarget(id, row.reception_number, row.partition_number));
      return this.withPrescriptions(trx, (await repo.findLiveReception(trx, actor.pharmacyId, id))!);
    });
  }

  /** A counter kiosk's delete is the reset of its flow: the reception is abandoned. */
  async delete(actor: Actor, id: string): Promise<void> {
    const now = this.clock.now();
    await this.unitOfWork.run(async (work) => {
      const trx = work.db;
      const row = await this.liveForUpdate(trx, actor, id);
      await repo.updateReception(trx, id, { deleted_at: now, updated_at: now });
      await repo.appendAudit(trx, {
        pharmacyId: actor.pharmacyId,
        receptionId: id,
        action: actor.role === "counter" ? "abandoned" : "deleted",
        actor: actor.name,
        at: now,
        before: { receptionNumber: row.reception_number, partitionNumber: row.partition_number, status: row.status },
      });
      await this.audit.record(work, actor, actor.role === "counter" ? "abandoned" : "reception.deleted", receptionTarget(id, row.reception_number, row.partition_number));
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
      const source = await this.liveForUpdate(trx, actor, id);
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
      await this.audit.record(work, actor, "prescription.moved", {
        type: "prescription",
        id: prescriptionId,
        detail: `${receptionLabel(source.reception_number, source.partition_number)} → ${receptionLabel(target.reception_number, target.partition_number)}`,
      });
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
      const row = await this.liveForUpdate(trx, actor, id);
      const prescription = await repo.findPrescription(trx, actor.pharmacyId, id, prescriptionId);
      if (!prescription) throw new NotFoundError("処方箋が見つかりません。");
      await repo.deletePrescriptionRow(trx, prescriptionId);
      await this.audit.record(work, actor, "prescription.deleted", { type: "prescription", id: prescriptionId, detail: receptionLabel(row.reception_number, row.partition_number) });
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

  /**
   * SPEC §9: a return visit after the last usable day of a prescription whose code was read is refused
   * (errorCode 1101). Without a read code nothing is known, and the staff screen warns instead.
   */
  async assertReturnDateUsable(outer: Work, id: string, returnDate: string | undefined): Promise<void> {
    if (returnDate === undefined) return;
    const prescriptions = await repo.prescriptionsOf(outer.db, [id]);
    if (isReturnDateAfterUsable(returnDate, prescriptions.map((prescription) => ({ rx: prescription.rx ?? undefined })))) {
      throw new AppError(400, ERROR_CODE_MESSAGES[ErrorCode.ReturnDateAfterUsable], ErrorCode.ReturnDateAfterUsable);
    }
  }

  /**
   * The 引換番号 lives on the reception's electronic prescription without a photo, made when missing;
   * "" clears it. Whether anything changed.
   */
  private async saveExchangeNumber(work: Work, actor: Actor, id: string, exchangeNumber: string, now: Date): Promise<boolean> {
    const electronic = (await repo.prescriptionsOf(work.db, [id])).find((prescription) => prescription.source_type === "Electronic" && prescription.file_id === null);
    const before = electronic?.exchange_number ?? null;
    const after = exchangeNumber === "" ? null : exchangeNumber;
    if (before === after) return false;
    if (electronic) await repo.setExchangeNumber(work.db, electronic.id, after);
    else await this.attachPrescription(actor, id, { sourceType: "Electronic", fileId: null, exchangeNumber: after }, work);
    await repo.appendAudit(work.db, {
      pharmacyId: actor.pharmacyId,
      receptionId: id,
      action: "details_changed",
      actor: actor.name,
      at: now,
      before: { exchangeNumber: before },
      after: { exchangeNumber: after },
    });
    return true;
  }

  /** Adds a prescription (its file stored already, maybe in the same transaction); its id. */
  async attachPrescription(actor: Actor, id: string, prescription: NewPrescription, outer?: Work): Promise<string> {
    const [prescriptionId] = await this.attachPrescriptions(actor, id, [prescription], outer);
    return prescriptionId!;
  }

  /**
   * Adds prescriptions in the order given and reads the reception's codes again with theirs: a few
   * statements however many photos come, so a visitor's five photos hold the embedded database's one
   * connection for as short a time as one. Their ids, in that order.
   */
  async attachPrescriptions(actor: Actor, id: string, prescriptions: NewPrescription[], outer?: Work): Promise<string[]> {
    if (prescriptions.length === 0) return [];
    return this.unitOfWork.run(async (work) => {
      const trx = work.db;
      const row = await repo.findLiveReception(trx, actor.pharmacyId, id);
      if (!row || !mayTouch(actor, row)) throw new NotFoundError(RECEPTION_NOT_FOUND);
      const now = this.clock.now();
      const added = prescriptions.map((prescription, index) => ({
        ...prescription,
        id: randomUUID(),
        // each its own instant, so the photos list in the order they were sent
        createdAt: new Date(now.getTime() + index),
      }));
      const readings = added.some((prescription) => prescription.symbols) ? await this.readCodes(trx, id, added) : new Map<string, PhotoReading>();
      await repo.insertPrescriptions(
        trx,
        added.map((prescription) => ({
          id: prescription.id,
          pharmacy_id: actor.pharmacyId,
          reception_id: id,
          source_type: prescription.sourceType,
          file_id: prescription.fileId,
          exchange_number: prescription.exchangeNumber ?? null,
          code_symbols: prescription.symbols ?? null,
          code_status: readings.get(prescription.id)?.status ?? null,
          rx: readings.get(prescription.id)?.rx ?? null,
          created_at: prescription.createdAt,
        })),
      );
      await repo.updateReception(trx, id, { updated_at: now });
      await repo.appendAudits(
        trx,
        added.map((prescription) => {
          const codeStatus = readings.get(prescription.id)?.status;
          return {
            pharmacyId: actor.pharmacyId,
            receptionId: id,
            action: "prescription_added" as const,
            actor: actor.name,
            at: now,
            after: { prescriptionId: prescription.id, sourceType: prescription.sourceType, fileId: prescription.fileId, ...(codeStatus && { codeStatus }) },
          };
        }),
      );
      work.announce(changeOf(actor, "reception.updated", id));
      return added.map((prescription) => prescription.id);
    }, outer);
  }

  /**
   * Joins the symbols of all the reception's photos, those kept and those being added (a split code may
   * come in several), stores what changed for the kept ones, and gives what each photo read.
   */
  private async readCodes(trx: Db, id: string, added: { id: string; symbols?: CodeSymbol[] | null }[]): Promise<Map<string, PhotoReading>> {
    const kept = await repo.prescriptionsOf(trx, [id]);
    const readings = readPrescriptionCodes([
      ...kept.map((row) => ({ prescriptionId: row.id, symbols: row.code_symbols })),
      ...added.map((prescription) => ({ prescriptionId: prescription.id, symbols: prescription.symbols ?? null })),
    ]);
    for (const row of kept) {
      const reading = readings.get(row.id);
      if (!reading) continue;
      const rx = reading.rx ?? null;
      if (reading.status === row.code_status && JSON.stringify(rx) === JSON.stringify(row.rx)) continue;
      await repo.updatePrescriptionCodes(trx, row.id, { status: reading.status, rx });
    }
    return readings;
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

  /** The patient confirms a counter reception (a staff member may too); confirming again changes nothing. */
  async confirm(actor: Actor, id: string): Promise<Reception> {
    const now = this.clock.now();
    return this.unitOfWork.run(async (work) => {
      const trx = work.db;
      const row = await this.liveForUpdate(trx, actor, id);
      if (row.confirmed_at === null) {
        await repo.updateReception(trx, id, { confirmed_at: now, updated_at: now });
        await repo.appendAudit(trx, { pharmacyId: actor.pharmacyId, receptionId: id, action: "confirmed", actor: actor.name, at: now });
        await this.audit.record(work, actor, "reception.confirmed", receptionTarget(id, row.reception_number, row.partition_number));
        work.announce(changeOf(actor, "reception.updated", id));
      }
      return this.withPrescriptions(trx, (await repo.findLiveReception(trx, actor.pharmacyId, id))!);
    });
  }

  /**
   * Deletes the counter receptions left unconfirmed since before `olderThan`, as abandoned; their
   * numbers stay used. Rows another process is sweeping are skipped. How many went.
   */
  async sweepAbandoned(olderThan: Date): Promise<number> {
    const now = this.clock.now();
    return this.unitOfWork.run(async (work) => {
      const trx = work.db;
      const rows = await repo.lockUnconfirmedBefore(trx, olderThan);
      for (const row of rows) {
        const actor: Actor = { pharmacyId: row.pharmacy_id, name: SYSTEM_ACTOR_NAME, type: "system" };
        await repo.updateReception(trx, row.id, { deleted_at: now, updated_at: now });
        await repo.appendAudit(trx, {
          pharmacyId: row.pharmacy_id,
          receptionId: row.id,
          action: "abandoned",
          actor: actor.name,
          at: now,
          before: { receptionNumber: row.reception_number, partitionNumber: row.partition_number, status: row.status },
        });
        await this.audit.record(work, actor, "abandoned", receptionTarget(row.id, row.reception_number, row.partition_number));
        work.announce(changeOf(actor, "reception.deleted", row.id));
      }
      return rows.length;
    });
  }

  private async liveForUpdate(trx: Db, actor: Actor, id: string): Promise<ReceptionRow> {
    const row = await repo.findLiveReception(trx, actor.pharmacyId, id, true);
    if (!row || !mayTouch(actor, row)) throw new NotFoundError(RECEPTION_NOT_FOUND);
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

  /**
   * The display's frame after any change of the branch's receptions. A call is the one change that sets
   * `called_at` and `updated_at` to the same instant, so the frame names the number to announce.
   */
  private async boardFrameOf(change: LiveChange): Promise<BoardFrame> {
    const [board, row] = await Promise.all([this.board(change.pharmacyId), repo.findAnyReception(this.db, change.pharmacyId, change.subjectId)]);
    const justCalled = row && !row.deleted_at && row.called_at && row.called_at.getTime() === row.updated_at.getTime();
    return {
      type: "board.updated",
      board,
      ...(justCalled && {
        called: { receptionNumber: row.reception_number, partitionNumber: row.partition_number, calledAt: row.called_at!.toISOString() },
      }),
    };
  }

  private async withPrescriptions(db: Db, row: ReceptionRow): Promise<Reception> {
    const [prescriptions, photoRequests] = await Promise.all([repo.prescriptionsOf(db, [row.id]), repo.latestPhotoRequests(db, [row.id])]);
    return toReception(row, prescriptions, photoRequests.get(row.id));
  }
}

function changeOf(actor: Actor, type: ReceptionEventType, receptionId: string): LiveChange {
  return { type, pharmacyId: actor.pharmacyId, subjectId: receptionId, originSessionId: actor.sessionId };
}

/** Completed starts the wait clock's sample and the board's お渡し; leaving Completed takes the number back off the called list. */
function waitColumnsFor(status: ReceptionStatus, now: Date) {
  return status === "Completed" ? { completed_at: now } : { completed_at: null, called_at: null, handed_over_at: null };
}

const STATUS_ORDER: (string | null)[] = [null, "Reviewing", "Dispensing", "Completed"];

/** The earlier step of the two (未確認 < 確認中 < 調剤中 < 完了). */
function lessAdvanced<T extends string | null>(a: T, b: T): T {
  return STATUS_ORDER.indexOf(a) <= STATUS_ORDER.indexOf(b) ? a : b;
}

/** The server's own name in a reception's history (the abandoned-reception sweep). */
const SYSTEM_ACTOR_NAME = "システム";

/** A counter kiosk touches only the receptions its own flow made, and only until they are confirmed. */
function mayTouch(actor: Actor, row: ReceptionRow): boolean {
  return actor.role !== "counter" || (row.device_id === actor.id && row.confirmed_at === null);
}

/** A reception as the audit log names it: its id and number (never the patient). */
function receptionTarget(id: string, receptionNumber: number, partitionNumber: number): AuditTarget {
  return { type: "reception", id, detail: receptionLabel(receptionNumber, partitionNumber) };
}

function receptionLabel(receptionNumber: number, partitionNumber: number): string {
  return partitionNumber === 0 ? `受付番号 ${receptionNumber}` : `受付番号 ${receptionNumber}-${partitionNumber}`;
}
