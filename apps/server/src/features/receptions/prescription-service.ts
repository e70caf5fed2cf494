import { randomUUID } from "node:crypto";
import { RECEPTION_NOT_FOUND_MESSAGE, type Reception } from "@pharmacy/contract/receptions/receptions";
import type { PrescriptionSourceType } from "@pharmacy/contract/shared/enums";
import type { ReceptionEventType } from "@pharmacy/contract/live/realtime";
import type { CodeSymbol, Db, ReceptionRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, NotFoundError } from "../../lib/errors.js";
import { ERROR_CODE_MESSAGES, ErrorCode } from "@pharmacy/contract/shared/errors";
import { isReturnDateAfterUsable } from "@pharmacy/contract/files/prescription-data";
import { lessAdvanced } from "@pharmacy/contract/receptions/status-flow";
import { type PhotoReading, readPrescriptionCodes } from "./prescription-codes.js";
import type { UnitOfWork, Work } from "../../live/unit-of-work.js";
import type { Actor } from "../../lib/actor.js";
import type { AuditService } from "../audit/index.js";
import { receptionLabel } from "./audit-target.js";
import { liveForUpdate, liveReception, mayTouch } from "./reception-access.js";
import { changeOf } from "./reception-change.js";
import {
  type CodeColumns,
  countPrescriptions,
  deletePrescriptionRow,
  findPrescription,
  insertPrescriptions,
  movePrescriptionRow,
  prescriptionsOf,
  setExchangeNumber,
  updatePrescriptionCodes,
} from "./prescription-repository.js";
import * as repo from "./repository.js";

function codeColumnsOf(reading: PhotoReading | undefined): CodeColumns {
  return {
    rx: reading?.rx ?? null,
    medication_record: reading?.medicationRecord ?? null,
    prescription_copy: reading?.prescriptionCopy ?? null,
  };
}

/** A prescription to add: a stored photo (with the 2D code symbols read from it) or an electronic one's 引換番号. */
export interface NewPrescription {
  sourceType: PrescriptionSourceType;
  fileId: string | null;
  symbols?: CodeSymbol[] | null;
  exchangeNumber?: string | null;
}

export interface PrescriptionServiceDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  audit: AuditService;
}

/** The prescriptions of a reception: adding them (reading their codes), moving them between partitions, removing them. */
export class PrescriptionService {
  constructor(private readonly deps: PrescriptionServiceDeps) {}

  /**
   * Moves one prescription into partition N of the same reception number, creating that partition.
   * A single reception (partition 0) counts as partition 1 once it is split; a partition left without
   * prescriptions is removed; a number left with one reception goes back to partition 0.
   */
  async movePrescription(
    actor: Actor,
    id: string,
    prescriptionId: string,
    partitionNumber: number,
  ): Promise<Reception> {
    const now = this.deps.clock.now();
    const targetId = await this.deps.unitOfWork.run(async (work) => {
      const trx = work.db;
      const announce = (type: ReceptionEventType, receptionId: string) =>
        work.announce(changeOf(actor, type, receptionId));
      const source = await liveForUpdate(trx, actor, id);
      const prescription = await findPrescription(trx, actor.pharmacyId, id, prescriptionId);
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
          // a status link names one row: the copy has none
          status_token: null,
          status_token_hash: null,
          status_token_sealed: null,
          updated_at: now,
        });
        await repo.copyAudit(trx, id, targetIdNew);
        target = (await repo.findLiveReception(trx, actor.pharmacyId, targetIdNew))!;
        announce("reception.created", targetIdNew);
      } else {
        // A prescription still being worked on takes the partition it joins back to its own step.
        const status = lessAdvanced(source.status, target.status);
        if (status !== target.status) {
          await repo.appendAudit(trx, {
            pharmacyId: actor.pharmacyId,
            receptionId: target.id,
            action: "status_changed",
            actor: actor.name,
            at: now,
            before: { status: target.status },
            after: { status },
          });
        }
        await repo.updateReception(trx, target.id, { status, updated_at: now });
        announce("reception.updated", target.id);
      }
      await movePrescriptionRow(trx, prescriptionId, target.id);
      await this.deps.audit.record(work, actor, "prescription.moved", {
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

      if ((await countPrescriptions(trx, id)) === 0) {
        await repo.updateReception(trx, id, { deleted_at: now });
        await repo.appendAudit(trx, {
          pharmacyId: actor.pharmacyId,
          receptionId: id,
          action: "deleted",
          actor: actor.name,
          at: now,
          before: { reason: "empty partition" },
        });
        announce("reception.deleted", id);
      }
      await this.normalisePartitions(work, actor, source, now);
      return target.id;
    });
    return liveReception(this.deps.db, actor.pharmacyId, targetId);
  }

  async removePrescription(actor: Actor, id: string, prescriptionId: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.unitOfWork.run(async (work) => {
      const trx = work.db;
      const row = await liveForUpdate(trx, actor, id);
      const prescription = await findPrescription(trx, actor.pharmacyId, id, prescriptionId);
      if (!prescription) throw new NotFoundError("処方箋が見つかりません。");
      await deletePrescriptionRow(trx, prescriptionId);
      await this.deps.audit.record(work, actor, "prescription.deleted", {
        type: "prescription",
        id: prescriptionId,
        detail: receptionLabel(row.reception_number, row.partition_number),
      });
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
   * docs/rules.md#prescription-data: a return visit after the last usable day of a prescription whose code was read is refused
   * (errorCode 1101). Without a read code nothing is known, and the staff screen warns instead.
   */
  async assertReturnDateUsable(outer: Work, id: string, returnDate: string | undefined): Promise<void> {
    if (returnDate === undefined) return;
    const prescriptions = await prescriptionsOf(outer.db, [id]);
    if (
      isReturnDateAfterUsable(
        returnDate,
        prescriptions.map((prescription) => ({ rx: prescription.rx ?? undefined })),
      )
    ) {
      throw new AppError(400, ERROR_CODE_MESSAGES[ErrorCode.ReturnDateAfterUsable], ErrorCode.ReturnDateAfterUsable);
    }
  }

  /**
   * The 引換番号 lives on the reception's electronic prescription without a photo, made when missing;
   * "" clears it. Whether anything changed.
   */
  async saveExchangeNumber(work: Work, actor: Actor, id: string, exchangeNumber: string, now: Date): Promise<boolean> {
    const electronic = (await prescriptionsOf(work.db, [id])).find(
      (prescription) => prescription.source_type === "Electronic" && prescription.file_id === null,
    );
    const before = electronic?.exchange_number ?? null;
    const after = exchangeNumber === "" ? null : exchangeNumber;
    if (before === after) return false;
    if (electronic) await setExchangeNumber(work.db, electronic.id, after);
    else
      await this.attachPrescription(actor, id, { sourceType: "Electronic", fileId: null, exchangeNumber: after }, work);
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
  async attachPrescriptions(
    actor: Actor,
    id: string,
    prescriptions: NewPrescription[],
    outer?: Work,
  ): Promise<string[]> {
    if (prescriptions.length === 0) return [];
    return this.deps.unitOfWork.run(async (work) => {
      const trx = work.db;
      const row = await repo.findLiveReception(trx, actor.pharmacyId, id);
      if (!row || !mayTouch(actor, row)) throw new NotFoundError(RECEPTION_NOT_FOUND_MESSAGE);
      const now = this.deps.clock.now();
      const added = prescriptions.map((prescription, index) => ({
        ...prescription,
        id: randomUUID(),
        // each its own instant, so the photos list in the order they were sent
        createdAt: new Date(now.getTime() + index),
      }));
      const readings = added.some((prescription) => prescription.symbols)
        ? await this.readCodes(trx, id, added)
        : new Map<string, PhotoReading>();
      await insertPrescriptions(
        trx,
        added.map((prescription) => ({
          id: prescription.id,
          pharmacy_id: actor.pharmacyId,
          reception_id: id,
          source_type: prescription.sourceType,
          file_id: prescription.fileId,
          exchange_number:
            prescription.exchangeNumber ?? readings.get(prescription.id)?.prescriptionCopy?.exchangeNumber ?? null,
          code_symbols: prescription.symbols ?? null,
          code_status: readings.get(prescription.id)?.status ?? null,
          ...codeColumnsOf(readings.get(prescription.id)),
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
            after: {
              prescriptionId: prescription.id,
              sourceType: prescription.sourceType,
              fileId: prescription.fileId,
              ...(codeStatus && { codeStatus }),
            },
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
  private async readCodes(
    trx: Db,
    id: string,
    added: { id: string; symbols?: CodeSymbol[] | null }[],
  ): Promise<Map<string, PhotoReading>> {
    const kept = await prescriptionsOf(trx, [id]);
    const readings = readPrescriptionCodes([
      ...kept.map((row) => ({ prescriptionId: row.id, symbols: row.code_symbols })),
      ...added.map((prescription) => ({ prescriptionId: prescription.id, symbols: prescription.symbols ?? null })),
    ]);
    for (const row of kept) {
      const reading = readings.get(row.id);
      if (!reading) continue;
      const codes = codeColumnsOf(reading);
      const unchanged = (Object.keys(codes) as (keyof CodeColumns)[]).every(
        (key) => JSON.stringify(codes[key]) === JSON.stringify(row[key]),
      );
      if (reading.status === row.code_status && unchanged) continue;
      await updatePrescriptionCodes(trx, row.id, {
        status: reading.status,
        exchangeNumber: row.exchange_number ?? reading.prescriptionCopy?.exchangeNumber ?? null,
        ...codes,
      });
    }
    return readings;
  }

  /** A reception number left with one partition goes back to partition 0. */
  async normalisePartitions(work: Work, actor: Actor, of: ReceptionRow, now: Date): Promise<void> {
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
}
