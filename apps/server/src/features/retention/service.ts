import {
  RETENTION_RULES,
  RetentionKindSchema,
  retentionChangeDetail,
  retentionCutoff,
  retentionPeriodProblem,
  retentionSweepDetail,
  isDueAfter,
  type RetentionKind,
  type RetentionSettings,
  type RetentionSweepPart,
  type SaveRetention,
} from "@pharmacy/contract/retention/retention";
import { pickupDateOf } from "@pharmacy/contract/receptions/across-days";
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { ERROR_CODE_MESSAGES, ErrorCode } from "@pharmacy/contract/shared/errors";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/errors.js";
import type { UnitOfWork, Work } from "../../live/unit-of-work.js";
import type { AuditService } from "../audit/index.js";
import type { FileService } from "../files/index.js";
import type { ReceptionErasure, ErasedReception } from "./erasure.js";
import * as repo from "./repository.js";

export interface RetentionServiceDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  audit: AuditService;
  files: FileService;
  erasure: ReceptionErasure;
}

/** What the sweep's entries in the audit log name as the one who deleted. */
const SYSTEM_NAME = "保存期間による自動削除";

/** One batch of a sweep's pass: how many records it deleted, the files whose bytes go, and whether more wait. */
interface Batch {
  count: number;
  fileIds: string[];
  more: boolean;
}

/**
 * Each branch's retention periods (docs/rules.md#records-kept-and-deleted) and the sweep that deletes
 * what is due, recording kind, count and period (never content) in the branch's audit log.
 */
export class RetentionService {
  constructor(private readonly deps: RetentionServiceDeps) {}

  async settings(pharmacyId: string): Promise<RetentionSettings> {
    const days = await this.daysOf(pharmacyId);
    return {
      kinds: RetentionKindSchema.options.map((kind) => ({
        kind,
        days: days[kind],
        minimumDays: RETENTION_RULES[kind].minimumDays,
        maximumDays: RETENTION_RULES[kind].maximumDays,
      })),
    };
  }

  async save(actor: Actor, input: SaveRetention): Promise<RetentionSettings> {
    for (const { kind, days } of input.kinds) {
      const problem = retentionPeriodProblem(kind, days);
      if (problem === "belowMinimum")
        throw new AppError(400, ERROR_CODE_MESSAGES[ErrorCode.RetentionBelowMinimum], ErrorCode.RetentionBelowMinimum);
      if (problem === "aboveMaximum")
        throw new AppError(400, ERROR_CODE_MESSAGES[ErrorCode.RetentionAboveMaximum], ErrorCode.RetentionAboveMaximum);
    }
    await this.deps.unitOfWork.run(async (work) => {
      const before = await this.daysOf(actor.pharmacyId, work.db);
      const changes = input.kinds
        .filter(({ kind, days }) => before[kind] !== days)
        .map(({ kind, days }) => ({ kind, from: before[kind], to: days }));
      if (changes.length === 0) return;
      await repo.savePeriods(work.db, actor.pharmacyId, input.kinds, this.deps.clock.now());
      await this.deps.audit.record(work, actor, "retention.updated", {
        type: "retention",
        detail: retentionChangeDetail(changes),
      });
    });
    return this.settings(actor.pharmacyId);
  }

  /** Deletes what is due in every branch; how many records it deleted. */
  async sweep(): Promise<number> {
    let total = 0;
    for (const pharmacyId of await repo.pharmacyIds(this.deps.db)) total += await this.sweepBranch(pharmacyId);
    return total;
  }

  private async sweepBranch(pharmacyId: string): Promise<number> {
    const now = this.deps.clock.now();
    const today = businessDateOf(now);
    const days = await this.daysOf(pharmacyId);
    const cutoff = (kind: RetentionKind) => retentionCutoff(today, days[kind]);
    const actor: Actor = { pharmacyId, name: SYSTEM_NAME, type: "system" };
    const { erasure } = this.deps;
    const receptionBatch = async (
      work: Work,
      refs: repo.ReceptionRef[],
      erase: (receptions: ErasedReception[]) => Promise<string[]>,
    ): Promise<Batch> => ({
      count: refs.length,
      fileIds: refs.length > 0 ? await erase(refs.map(erasedOf)) : [],
      more: refs.length === repo.SWEEP_BATCH,
    });

    return (
      (await this.pass(actor, "deletedReceptionPhotos", 0, async (work) =>
        receptionBatch(work, await repo.lockDeleted(work.db, pharmacyId, now, "photos_deleted_at"), (receptions) =>
          erasure.photos(work, pharmacyId, ids(receptions)),
        ),
      )) +
      (await this.pass(actor, "handedOverPhotos", days.handedOverPhotos, async (work) =>
        receptionBatch(
          work,
          await repo.lockHandedOverWithPhotos(work.db, pharmacyId, cutoff("handedOverPhotos")),
          (receptions) => erasure.photos(work, pharmacyId, ids(receptions)),
        ),
      )) +
      (await this.pass(actor, "deletedReceptions", days.deletedReceptions, async (work) =>
        receptionBatch(
          work,
          await repo.lockDeleted(work.db, pharmacyId, cutoff("deletedReceptions"), "personal_data_deleted_at"),
          (receptions) => erasure.personalData(work, actor, receptions),
        ),
      )) +
      (await this.pass(actor, "contacts", days.contacts, async (work) => {
        const due = (await repo.receptionsWithContacts(work.db, pharmacyId))
          .filter((row) =>
            isDueAfter(pickupDateOf({ receptionDate: row.business_date, answers: row.answers }), days.contacts, today),
          )
          .map((row) => row.id);
        await erasure.visitorContacts(work, due);
        return { count: due.length, fileIds: [], more: false };
      })) +
      (await this.pass(actor, "followUps", days.followUps, async (work) => ({
        count: await repo.deleteFollowUpsBefore(work.db, pharmacyId, cutoff("followUps")),
        fileIds: [],
        more: false,
      }))) +
      (await this.pass(actor, "auditLog", days.auditLog, async (work) => ({
        count: await repo.deleteAuditBefore(work.db, pharmacyId, cutoff("auditLog")),
        fileIds: [],
        more: false,
      })))
    );
  }

  /** Runs `batch` in its own transaction until nothing more waits, each batch recorded in the audit log with it. */
  private async pass(
    actor: Actor,
    part: RetentionSweepPart,
    days: number,
    batch: (work: Work) => Promise<Batch>,
  ): Promise<number> {
    let total = 0;
    for (let more = true; more;) {
      const done = await this.deps.unitOfWork.run(async (work) => {
        const result = await batch(work);
        if (result.count > 0)
          await this.deps.audit.record(work, actor, "retention.swept", {
            type: "retention",
            id: part,
            detail: retentionSweepDetail(part, result.count, days),
          });
        return result;
      });
      total += done.count;
      more = done.more;
    }
    return total;
  }

  private async daysOf(pharmacyId: string, db: Db = this.deps.db): Promise<Record<RetentionKind, number>> {
    const stored = await repo.storedPeriods(db, pharmacyId);
    return Object.fromEntries(
      RetentionKindSchema.options.map((kind) => [kind, stored.get(kind) ?? RETENTION_RULES[kind].defaultDays]),
    ) as Record<RetentionKind, number>;
  }
}

function erasedOf(ref: repo.ReceptionRef): ErasedReception {
  return { id: ref.id, receptionNumber: ref.reception_number, partitionNumber: ref.partition_number };
}

function ids(receptions: ErasedReception[]): string[] {
  return receptions.map((reception) => reception.id);
}
