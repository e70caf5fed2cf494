import { DAY_MS } from "@pharmacy/contract/calendar/business-calendar";
import { ErrorCode, ERROR_CODE_MESSAGES } from "@pharmacy/contract/shared/errors";
import { followUpAnswerIssues, type FollowUpAnswers } from "@pharmacy/contract/follow-ups/follow-up-templates";
import { FOLLOW_UP_LINK_VALID_DAYS } from "@pharmacy/contract/follow-ups/follow-ups";
import { type FollowUpAnswered, type PublicFollowUp } from "@pharmacy/contract/follow-ups/patient-page";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { hashToken } from "../../lib/token-hash.js";
import { AppError, InvalidInputError, NotFoundError } from "../../lib/errors.js";
import type { UnitOfWork } from "../../live/unit-of-work.js";
import type { AuditService } from "../audit/index.js";
import type { PharmacyService } from "../pharmacy/index.js";
import type { ReceptionService } from "../receptions/index.js";
import { medicinesOf } from "./mapping.js";
import * as repo from "./repository.js";
import { systemActor } from "./service.js";

export interface PatientPageDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  audit: AuditService;
  pharmacies: PharmacyService;
  receptions: ReceptionService;
}

const LINK_NOT_FOUND = "ページが見つかりません。URLをご確認ください。";

/** The patient's questionnaire page behind a follow-up's link: no sign-in; answered once; 30 days. */
export class PatientFollowUpPage {
  constructor(private readonly deps: PatientPageDeps) {}

  async view(token: string): Promise<PublicFollowUp> {
    const row = await this.liveRow(token);
    const [pharmacy, reception] = await Promise.all([
      this.deps.pharmacies.get(row.pharmacy_id),
      this.deps.receptions.getFor(systemActor(row.pharmacy_id), row.reception_id).catch((error: unknown) => {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      }),
    ]);
    return {
      pharmacyName: pharmacy.name,
      pharmacyPhone: pharmacy.phone,
      medicines: reception ? medicinesOf(reception) : [],
      questions: row.questions,
      ...(row.answered_at && { answeredAt: row.answered_at.toISOString() }),
      expiresAt: this.expiryOf(row.sent_at!).toISOString(),
    };
  }

  /** Takes the answers once: of two at once, exactly one is taken (one conditional UPDATE). */
  async answer(token: string, answers: FollowUpAnswers): Promise<FollowUpAnswered> {
    const row = await this.liveRow(token);
    const issues = followUpAnswerIssues(row.questions, answers);
    if (issues.length > 0)
      throw new InvalidInputError(
        issues.map((issue) => ({ path: ["answers", ...issue.path], message: issue.message, code: "invalid_answer" })),
      );
    const at = this.deps.clock.now();
    await this.deps.unitOfWork.run(async (work) => {
      if (!(await repo.answerOnce(work.db, row.id, answers, at)))
        throw new AppError(409, ERROR_CODE_MESSAGES[ErrorCode.FollowUpAnswered], ErrorCode.FollowUpAnswered);
      await this.deps.audit.record(
        work,
        { pharmacyId: row.pharmacy_id, name: "患者（フォローアップ）", type: "patient" },
        "follow_up.answered",
        { type: "follow_up", id: row.id },
      );
    });
    return { answeredAt: at.toISOString() };
  }

  /** The follow-up behind a token: 404 unknown, 410 past 30 days or closed, 409 on a second answer. */
  private async liveRow(token: string): Promise<repo.FollowUpRow> {
    const row = await repo.findByTokenHash(this.deps.db, hashToken(token));
    if (!row?.sent_at) throw new NotFoundError(LINK_NOT_FOUND);
    if (row.status === "closed" || this.expiryOf(row.sent_at) <= this.deps.clock.now()) {
      throw new AppError(410, ERROR_CODE_MESSAGES[ErrorCode.FollowUpLinkExpired], ErrorCode.FollowUpLinkExpired);
    }
    return row;
  }

  private expiryOf(sentAt: Date): Date {
    return new Date(sentAt.getTime() + FOLLOW_UP_LINK_VALID_DAYS * DAY_MS);
  }
}
