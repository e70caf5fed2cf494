import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import {
  RECEPTION_NOT_FOUND_MESSAGE,
  type HistoryAction,
  type Reception,
} from "@pharmacy/contract/receptions/receptions";
import type { BoardFrame } from "@pharmacy/contract/live/realtime";
import type { DisplayBoard } from "@pharmacy/contract/display/display";
import { NO_PHOTO_REQUEST_MESSAGE, type CreatePhotoRequestInput } from "@pharmacy/contract/receptions/photo-requests";
import {
  estimatedReadyAt,
  roundedWaitMinutes,
  WAIT_LOOKBACK_MINUTES,
  waitPaceOf,
  type WaitPace,
} from "@pharmacy/contract/receptions/wait-estimate";
import type { PublicReceptionStatus } from "@pharmacy/contract/public/public";
import type { Db, ReceptionRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { ConflictError, NotFoundError } from "../../lib/errors.js";
import type { LiveChange } from "../../live/live-change.js";
import type { UnitOfWork, Work } from "../../live/unit-of-work.js";
import type { Actor } from "../../lib/actor.js";
import type { PharmacyService } from "../pharmacy/index.js";
import type { SecretBox } from "../auth/index.js";
import type { VisitorMilestone, VisitorNotices } from "../visitor-notices/index.js";
import { liveForUpdate, liveReception } from "./reception-access.js";
import { callOf, changeOf } from "./reception-change.js";
import { boardData, completionsSince, countAhead, householdOthers, type BoardQuery } from "./wait-repository.js";
import { boardOf, type BoardSource } from "./board.js";
import * as repo from "./repository.js";
import { statusTokenOf } from "./status-tokens.js";

export interface WaitServiceDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  pharmacies: PharmacyService;
  notices: VisitorNotices;
  /** Opens the sealed status token to put the link in a message (status-tokens.ts). */
  secretBox: SecretBox;
}

/** The patient's wait: the calling display, calls and hand-overs, photo requests and the wait estimate. */
export class WaitService {
  constructor(private readonly deps: WaitServiceDeps) {}

  /** What a visitor's status page shows of the reception behind its link (none once it is deleted). */
  async findByStatusToken(statusToken: string): Promise<
    | (Omit<PublicReceptionStatus, "pharmacyName" | "openNow" | "nextOpening"> & {
        pharmacyId: string;
        receptionId: string;
      })
    | undefined
  > {
    const row = await repo.findLiveReceptionByStatusToken(this.deps.db, statusToken);
    if (!row) return undefined;
    const [{ ahead, readyAt }, photoRequests, household] = await Promise.all([
      this.readyEstimate(row),
      repo.latestPhotoRequests(this.deps.db, [row.id]),
      row.household_id ? householdOthers(this.deps.db, row.pharmacy_id, row.household_id, row.id) : [],
    ]);
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
      // a request left open at hand-over is moot: the patient has the medicine
      ...(photoRequest &&
        photoRequest.answered_at === null &&
        !row.handed_over_at && {
          photoRequest: {
            reason: photoRequest.reason,
            ...(photoRequest.message !== null && { message: photoRequest.message }),
            requestedAt: photoRequest.requested_at.toISOString(),
          },
        }),
      ...(row.called_at && { calledAt: row.called_at.toISOString() }),
      ...(row.handed_over_at && { handedOverAt: row.handed_over_at.toISOString() }),
      // one link shows the whole household's numbers (docs/rules.md#family)
      ...(household.length > 0 && {
        household: household.map((other) => ({
          receptionNumber: other.reception_number,
          partitionNumber: other.partition_number,
          receptionDate: other.business_date,
          status: other.status,
          ...(other.called_at && { calledAt: other.called_at.toISOString() }),
          ...(other.handed_over_at && { handedOverAt: other.handed_over_at.toISOString() }),
        })),
      }),
    };
  }

  /** 「お待ち時間の目安 約15分」 of the ticket: undefined without enough recent data, or once it is ready. */
  async waitMinutesOf(pharmacyId: string, id: string): Promise<number | undefined> {
    const row = await repo.findLiveReception(this.deps.db, pharmacyId, id);
    if (!row) throw new NotFoundError(RECEPTION_NOT_FOUND_MESSAGE);
    const { readyAt } = await this.readyEstimate(row);
    return readyAt && roundedWaitMinutes((readyAt.getTime() - this.deps.clock.now().getTime()) / 60_000);
  }

  /** How many unfinished receptions of its day are ahead of this one, and when it should be ready (once its day has come). */
  private async readyEstimate(
    row: Pick<ReceptionRow, "pharmacy_id" | "business_date" | "reception_number" | "status">,
  ): Promise<{ ahead: number; readyAt?: Date | undefined }> {
    const now = this.deps.clock.now();
    if (row.status === "Completed") return { ahead: 0 };
    const [ahead, pace] = await Promise.all([
      countAhead(this.deps.db, row.pharmacy_id, row.business_date, row.reception_number),
      this.waitPace(row.pharmacy_id),
    ]);
    // a later day's reception (sent overnight) has no estimate until its day comes
    const dayHasCome = row.business_date <= businessDateOf(now);
    return { ahead, readyAt: pace && dayHasCome ? estimatedReadyAt(pace, ahead, now) : undefined };
  }

  /** The branch's recent pace (undefined without enough recent completions). */
  async waitPace(pharmacyId: string): Promise<WaitPace | undefined> {
    const now = this.deps.clock.now();
    const rows = await completionsSince(
      this.deps.db,
      pharmacyId,
      new Date(now.getTime() - WAIT_LOOKBACK_MINUTES * 60_000),
    );
    return waitPaceOf(
      rows.map((row) => ({ confirmedAt: row.confirmed_at, completedAt: row.completed_at! })),
      now,
    );
  }

  /** The calling display's board (boardOf), from one query. */
  async board(pharmacyId: string): Promise<DisplayBoard> {
    const now = this.deps.clock.now();
    return boardOf(await boardData(this.deps.db, this.boardQuery(pharmacyId, now)), now);
  }

  /** What `boardColumns` needs to read a branch's board now. */
  boardQuery(pharmacyId: string, now: Date): BoardQuery {
    return {
      pharmacyId,
      today: businessDateOf(now),
      since: new Date(now.getTime() - WAIT_LOOKBACK_MINUTES * 60_000),
      pharmacyName: this.deps.pharmacies.nameQuery(pharmacyId),
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

  /**
   * Staff ask the visitor of a Web reception for new photos; the status page says why. `outer`: the
   * public page's own transaction, asking again for photos the bucket did not take.
   */
  async requestPhotos(actor: Actor, id: string, input: CreatePhotoRequestInput, outer?: Work): Promise<Reception> {
    return this.deps.unitOfWork.run(async (work) => {
      const now = this.deps.clock.now();
      const row = await liveForUpdate(work.db, actor, id);
      if (!row.status_token_hash) throw new ConflictError("写真の再送はWeb受付の受付にだけ依頼できます。");
      if (row.handed_over_at) throw new ConflictError("この受付はお渡し済みです。");
      await repo.answerPhotoRequest(work.db, id, now);
      await repo.insertPhotoRequest(work.db, {
        pharmacyId: actor.pharmacyId,
        receptionId: id,
        requestedBy: actor.name,
        at: now,
        ...input,
      });
      await repo.updateReception(work.db, id, { updated_at: now });
      await repo.appendAudit(work.db, {
        pharmacyId: actor.pharmacyId,
        receptionId: id,
        action: "photo_requested",
        actor: actor.name,
        at: now,
        after: { ...input },
      });
      work.announce(changeOf(actor, "reception.updated", id));
      await this.tellVisitor(work, row, { kind: "photoRequested", reason: input.reason });
      return liveReception(work.db, actor.pharmacyId, id);
    }, outer);
  }

  /**
   * The visitor's new photos answer the open request (their prescriptions are attached in the same `work`);
   * they came with the visitor's consent to their use, whose time the reception keeps (docs/rules.md#notice-and-consent).
   */
  async answerPhotoRequest(actor: Actor, id: string, work: Work): Promise<void> {
    const now = this.deps.clock.now();
    await liveForUpdate(work.db, actor, id);
    if (!(await repo.answerPhotoRequest(work.db, id, now))) throw new ConflictError(NO_PHOTO_REQUEST_MESSAGE);
    await repo.updateReception(work.db, id, { photo_consent_at: now });
    await repo.appendAudit(work.db, {
      pharmacyId: actor.pharmacyId,
      receptionId: id,
      action: "photos_received",
      actor: actor.name,
      at: now,
    });
    work.announce(changeOf(actor, "reception.updated", id));
  }

  /** A web reception's status link token, opened from its sealed copy; undefined without one. */
  statusTokenOf(row: Pick<ReceptionRow, "id" | "status_token_sealed">): string | undefined {
    return statusTokenOf(this.deps.secretBox, row);
  }

  /** A web reception's visitor hears of it once the change commits (by push and mail, if they asked). */
  async tellVisitor(work: Work, row: ReceptionRow, milestone: VisitorMilestone): Promise<void> {
    const statusToken = this.statusTokenOf(row);
    if (!statusToken) return;
    const reception = {
      pharmacyId: row.pharmacy_id,
      receptionId: row.id,
      receptionNumber: row.reception_number,
      partitionNumber: row.partition_number,
      receptionDate: row.business_date,
      statusToken,
      patientLanguage: row.patient_language,
    };
    await this.deps.notices.notify(work, reception, milestone);
  }

  /** A web reception's answers changed: its visitor's notices live until its (maybe moved) pickup day's limit. */
  async visitorNoticesFollow(
    work: Work,
    row: Pick<ReceptionRow, "pharmacy_id" | "id" | "business_date" | "answers" | "status_token_hash">,
  ): Promise<void> {
    if (!row.status_token_hash) return;
    await this.deps.notices.follow(work, {
      pharmacyId: row.pharmacy_id,
      receptionId: row.id,
      receptionDate: row.business_date,
      answers: row.answers,
    });
  }

  /** The web form's optional address: the new reception's visitor is mailed at it while its notices live. */
  async keepVisitorMailAddress(
    work: Work,
    pharmacyId: string,
    reception: Reception,
    email: string,
    linkBase: string,
  ): Promise<void> {
    await this.deps.notices.keepMailAddress(work, reception, email, linkBase, pharmacyId);
  }

  /** Handed over or deleted: a web reception's visitor hears no more of it (docs/rules.md#across-days). */
  async forgetVisitor(work: Work, row: Pick<ReceptionRow, "id" | "status_token_hash">): Promise<void> {
    if (row.status_token_hash) await this.deps.notices.forget(work, row.id);
  }

  private async changeWaitState(
    actor: Actor,
    id: string,
    action: HistoryAction,
    decide: (row: ReceptionRow, now: Date) => { called_at?: Date; handed_over_at?: Date } | undefined,
  ): Promise<Reception> {
    return this.deps.unitOfWork.run(async (work) => {
      const now = this.deps.clock.now();
      const row = await liveForUpdate(work.db, actor, id);
      const changes = decide(row, now);
      if (changes) {
        await repo.updateReception(work.db, id, { ...changes, updated_at: now });
        await repo.appendAudit(work.db, {
          pharmacyId: actor.pharmacyId,
          receptionId: id,
          action,
          actor: actor.name,
          at: now,
        });
        work.announce(
          changes.called_at ? callOf(actor, id, changes.called_at) : changeOf(actor, "reception.updated", id),
        );
        if (changes.called_at) await this.tellVisitor(work, row, { kind: "called" });
        if (changes.handed_over_at) await this.forgetVisitor(work, row);
      }
      return liveReception(work.db, actor.pharmacyId, id);
    });
  }

  /**
   * The display's frame after any change of the branch's receptions, from the board's columns read with
   * the changed reception's row; the change of a call (`callOf`) names the number to announce, as the
   * board writes it (with its day when it needs one).
   */
  boardFrameOf(
    change: LiveChange,
    source: BoardSource,
    row: Pick<ReceptionRow, "business_date" | "reception_number" | "partition_number">,
    now: Date,
  ): BoardFrame {
    const board = boardOf(source, now);
    const { calledAt } = change;
    const called =
      calledAt &&
      board.ready.find(
        (entry) =>
          entry.receptionDate === row.business_date &&
          entry.receptionNumber === row.reception_number &&
          entry.partitionNumber === row.partition_number,
      );
    return { type: "board.updated", board, ...(called && calledAt && { called: { ...called, calledAt } }) };
  }
}
