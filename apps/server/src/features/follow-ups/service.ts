import {
  businessDateOf,
  DAY_MS,
  endOfBusinessDate,
  startOfBusinessDate,
} from "@pharmacy/contract/calendar/business-calendar";
import { ErrorCode, ERROR_CODE_MESSAGES } from "@pharmacy/contract/shared/errors";
import {
  followUpAlertsOf,
  SHIPPED_FOLLOW_UP_TEMPLATES,
  type BranchFollowUpTemplates,
  type FollowUpTemplates,
} from "@pharmacy/contract/follow-ups/follow-up-templates";
import {
  dueOnIssue,
  followUpDueOn,
  followUpRank,
  type CareContactInputSchema,
  type CareContactResponse,
  type FollowUp,
  type FollowUpDetail,
  type FollowUpListQuery,
  type FollowUpToday,
  type PlanFollowUpSchema,
  type UpdateFollowUpSchema,
} from "@pharmacy/contract/follow-ups/follow-ups";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import type { z } from "zod";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, InvalidInputError, NotFoundError } from "../../lib/errors.js";
import type { UnitOfWork, Work } from "../../live/unit-of-work.js";
import type { Actor } from "../../lib/actor.js";
import type { AuditService } from "../audit/index.js";
import type { LineNotices } from "../line/index.js";
import { sharedVersion, type SettingsService } from "../settings/index.js";
import type { ReceptionService } from "../receptions/index.js";
import type { VisitorNotices } from "../visitor-notices/index.js";
import { careTarget, toCareContact, toFollowUp } from "./mapping.js";
import { scheduleReminders } from "./next-dispensings.js";
import * as repo from "./repository.js";

export const FOLLOW_UP_NOT_FOUND = "フォローアップが見つかりません。";

export interface FollowUpServiceDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  audit: AuditService;
  receptions: ReceptionService;
  notices: VisitorNotices;
  /** A patient's LINE links outlive hand-over while they are cared for. */
  line: LineNotices;
  /** The organisation's templates, used by a branch that keeps none of its own. */
  settings: SettingsService;
}

/**
 * How long a consenting patient's LINE links are kept at most: a refill's next window can be 90 days
 * of medicine away, and its reminder comes before it. They go sooner, with the contact (`endCare`).
 */
const CARE_LINE_KEPT_DAYS = 120;

/** The server's own actor on a branch (the sweep's sending, no-answer and deletions). */
export function systemActor(pharmacyId: string): Actor {
  return { pharmacyId, name: "システム", type: "system" };
}

/**
 * docs/rules.md#continuity-of-care on staff's side: the patient's contact kept with consent, follow-ups planned on a reception,
 * the worklist, closing with 対応内容, and the branch's templates. The contact is deleted in the same
 * transaction that closes the reception's last open follow-up when no reminder is pending either.
 */
export class FollowUpService {
  constructor(private readonly deps: FollowUpServiceDeps) {}

  /** How many follow-ups each branch has due by `today` and not closed, keyed by branch. */
  async dueCountsByBranch(pharmacyIds: string[], today: string): Promise<Map<string, number>> {
    if (pharmacyIds.length === 0) return new Map();
    const rows = await repo.countDueByBranch(this.deps.db, pharmacyIds, today);
    return new Map(rows.map((row) => [row.pharmacy_id, Number(row.due)]));
  }

  today(): string {
    return businessDateOf(this.deps.clock.now());
  }

  // ---- consent and contact

  async careContact(actor: Actor, receptionId: string): Promise<CareContactResponse> {
    await this.deps.receptions.getFor(actor, receptionId);
    return { contact: await this.contactOf(this.deps.db, actor.pharmacyId, receptionId) };
  }

  /** Staff record consent at hand-over; the status page's push subscriptions are kept with it. */
  async recordCareContact(
    actor: Actor,
    receptionId: string,
    input: z.output<typeof CareContactInputSchema>,
  ): Promise<CareContactResponse> {
    const reception = await this.deps.receptions.getFor(actor, receptionId);
    const push = await this.deps.notices.subscriptionsOf(receptionId);
    return this.deps.unitOfWork.run(async (work) => {
      await repo.lockCareOf(work.db, receptionId);
      await repo.saveCareContact(work.db, {
        receptionId,
        pharmacyId: actor.pharmacyId,
        email: input.email ?? null,
        phone: input.phone ?? null,
        source: "staff",
        at: this.deps.clock.now(),
      });
      await repo.keepCarePush(work.db, receptionId, push);
      const onLine = await this.keepLineForCare(work, receptionId);
      // reminders reach the patient by mail, or on LINE alone
      if (input.email || onLine > 0) await scheduleReminders(work.db, actor.pharmacyId, reception);
      await this.deps.audit.record(
        work,
        actor,
        "care_contact.recorded",
        careTarget("care_contact", receptionId, reception),
      );
      return { contact: await this.contactOf(work.db, actor.pharmacyId, receptionId) };
    });
  }

  /** The web form's consent, in the new reception's own transaction. */
  async recordWebConsent(
    work: Work,
    reception: Pick<Reception, "id" | "receptionNumber" | "partitionNumber">,
    pharmacyId: string,
    email: string,
  ): Promise<void> {
    await repo.saveCareContact(work.db, {
      receptionId: reception.id,
      pharmacyId,
      email,
      phone: null,
      source: "web",
      at: this.deps.clock.now(),
    });
    await this.deps.audit.record(
      work,
      { pharmacyId, name: "Web受付", type: "patient" },
      "care_contact.recorded",
      careTarget("care_contact", reception.id, reception),
    );
  }

  /** Consent withdrawn: the contact is deleted and the open mail and push follow-ups close. */
  async withdrawCareContact(actor: Actor, receptionId: string): Promise<void> {
    const reception = await this.deps.receptions.getFor(actor, receptionId);
    await this.deps.unitOfWork.run(async (work) => {
      if (!(await this.dropCareContact(work, actor, reception, "連絡への同意が取り消されました")))
        throw new NotFoundError("体調確認の連絡先は登録されていません。");
    });
  }

  /**
   * The contact deleted in `work` (consent withdrawn, a patient's request, the reception's personal data
   * deleted): its open mail and push follow-ups close with `note` and its LINE links kept for care go.
   * Whether there was one.
   */
  async dropCareContact(
    work: Work,
    actor: Actor,
    reception: Pick<Reception, "id" | "receptionNumber" | "partitionNumber">,
    note: string,
  ): Promise<boolean> {
    await repo.lockCareOf(work.db, reception.id);
    const now = this.deps.clock.now();
    for (const open of await repo.openMessageFollowUps(work.db, reception.id)) {
      await repo.updateFollowUp(work.db, open.id, { status: "closed", closed_at: now, note });
      await this.deps.audit.record(work, actor, "follow_up.closed", careTarget("follow_up", open.id, reception));
    }
    const deleted = await repo.deleteCareContact(work.db, reception.id);
    await this.deps.line.endCare(work, reception.id);
    if (deleted)
      await this.deps.audit.record(
        work,
        actor,
        "care_contact.deleted",
        careTarget("care_contact", reception.id, reception),
      );
    return deleted;
  }

  /** Deletes the reception's contact once nothing is open for it; inside the closing transaction. */
  async forgetContactIfDone(
    work: Work,
    actor: Actor,
    reception: Pick<Reception, "id" | "receptionNumber" | "partitionNumber">,
  ): Promise<void> {
    if (await repo.hasOpenCare(work.db, reception.id)) return;
    if (await repo.deleteCareContact(work.db, reception.id)) {
      await this.deps.line.endCare(work, reception.id);
      await this.deps.audit.record(
        work,
        actor,
        "care_contact.deleted",
        careTarget("care_contact", reception.id, reception),
      );
    }
  }

  /** The reception's LINE links, if any, are kept past hand-over for its follow-ups and reminders; how many. */
  private async keepLineForCare(work: Work, receptionId: string): Promise<number> {
    return this.deps.line.keepForCare(
      work,
      receptionId,
      new Date(this.deps.clock.now().getTime() + CARE_LINE_KEPT_DAYS * DAY_MS),
    );
  }

  private async contactOf(db: Db, pharmacyId: string, receptionId: string) {
    const row = await repo.findCareContact(db, pharmacyId, receptionId);
    return row
      ? toCareContact(row, await repo.countCarePush(db, receptionId), await this.deps.line.careLinks(db, receptionId))
      : null;
  }

  // ---- templates

  /** The branch's own templates, else its organisation's (docs/rules.md#organisations), else the shipped ones. */
  async templates(pharmacyId: string): Promise<BranchFollowUpTemplates> {
    const own = await repo.storedTemplates(this.deps.db, pharmacyId);
    const organization = own ? undefined : await this.deps.settings.organizationTemplatesOf(pharmacyId);
    return { templates: sharedVersion(own, organization, [...SHIPPED_FOLLOW_UP_TEMPLATES]), own: own !== undefined };
  }

  /** The branch keeps its own templates from now on. */
  async saveTemplates(actor: Actor, input: FollowUpTemplates): Promise<BranchFollowUpTemplates> {
    await this.deps.unitOfWork.run(async (work) => {
      await repo.saveTemplates(work.db, actor.pharmacyId, input.templates, this.deps.clock.now());
      await this.deps.audit.record(work, actor, "follow_up_templates.updated", { type: "follow_up_templates" });
    });
    return this.templates(actor.pharmacyId);
  }

  /** The branch returns to its organisation's templates (its own are deleted; sent questionnaires keep their copy). */
  async useOrganizationTemplates(actor: Actor): Promise<BranchFollowUpTemplates> {
    await this.deps.unitOfWork.run(async (work) => {
      await repo.deleteTemplates(work.db, actor.pharmacyId);
      await this.deps.audit.record(work, actor, "follow_up_templates.updated", {
        type: "follow_up_templates",
        detail: "本部の設定に戻す",
      });
    });
    return this.templates(actor.pharmacyId);
  }

  // ---- planning, reading, closing

  async plan(actor: Actor, receptionId: string, input: z.output<typeof PlanFollowUpSchema>): Promise<FollowUp> {
    const reception = await this.deps.receptions.getFor(actor, receptionId);
    const today = this.today();
    const dueOn = followUpDueOn(input, today);
    const issue = dueOnIssue(dueOn, today);
    if (issue) throw InvalidInputError.of(issue, [input.dueOn === undefined ? "daysAfter" : "dueOn"]);
    const template = (await this.templates(actor.pharmacyId)).templates.find((one) => one.id === input.template);
    if (!template) throw InvalidInputError.of("テンプレートが見つかりません", ["template"]);
    const push = input.channel === "push" ? await this.deps.notices.subscriptionsOf(receptionId) : [];
    const id = crypto.randomUUID();
    await this.deps.unitOfWork.run(async (work) => {
      await repo.lockCareOf(work.db, receptionId);
      const contact = await repo.findCareContact(work.db, actor.pharmacyId, receptionId);
      if (input.channel === "push" && contact) await repo.keepCarePush(work.db, receptionId, push);
      const reachable =
        input.channel === "phone" ||
        (input.channel === "email" && !!contact?.email) ||
        (input.channel === "push" && !!contact && (await repo.countCarePush(work.db, receptionId)) > 0) ||
        (input.channel === "line" && !!contact && (await this.keepLineForCare(work, receptionId)) > 0);
      if (!reachable)
        throw new AppError(409, ERROR_CODE_MESSAGES[ErrorCode.CareContactMissing], ErrorCode.CareContactMissing);
      await repo.insertFollowUp(work.db, {
        id,
        pharmacy_id: actor.pharmacyId,
        reception_id: receptionId,
        due_on: dueOn,
        template_id: template.id,
        template_name: template.name,
        questions: JSON.stringify(template.questions),
        channel: input.channel,
        status: "scheduled",
        token_hash: null,
        created_by: actor.id!,
        created_by_name: actor.name,
        created_at: this.deps.clock.now(),
        sent_at: null,
        answered_at: null,
        closed_at: null,
        closed_by: null,
        closed_by_name: null,
        note: null,
        findings: null,
        proposal: null,
      });
      if (input.channel !== "phone") await this.keepLineForCare(work, receptionId);
      await this.deps.audit.record(work, actor, "follow_up.planned", careTarget("follow_up", id, reception));
    });
    return toFollowUp((await repo.findFollowUp(this.deps.db, actor.pharmacyId, id))!);
  }

  async ofReception(actor: Actor, receptionId: string): Promise<FollowUp[]> {
    await this.deps.receptions.getFor(actor, receptionId);
    return (await repo.followUpsOfReception(this.deps.db, actor.pharmacyId, receptionId)).map(toFollowUp);
  }

  /** The worklist (default), or every follow-up due in a range; alerts first. */
  async list(actor: Actor, query: FollowUpListQuery): Promise<FollowUpDetail[]> {
    const rows =
      query.from || query.to
        ? await repo.dueBetween(this.deps.db, actor.pharmacyId, query.from ?? "0000-01-01", query.to ?? "9999-12-31")
        : await this.worklistRows(actor.pharmacyId, query.date ?? this.today());
    const details = await Promise.all(
      rows.filter((row) => !query.status || row.status === query.status).map((row) => this.detailOf(actor, row)),
    );
    return details
      .filter((detail): detail is FollowUpDetail => detail !== undefined)
      .sort((a, b) => followUpRank(a) - followUpRank(b) || a.dueOn.localeCompare(b.dueOn));
  }

  async todayCount(pharmacyId: string): Promise<FollowUpToday> {
    const date = this.today();
    const rows = await repo.openDueBy(this.deps.db, pharmacyId, date);
    const open = rows.map(toFollowUp);
    return { date, count: open.length, alerts: open.filter((row) => row.flags.length > 0).length };
  }

  async detail(actor: Actor, id: string): Promise<FollowUpDetail> {
    const row = await repo.findFollowUp(this.deps.db, actor.pharmacyId, id);
    const detail = row && (await this.detailOf(actor, row));
    if (!detail) throw new NotFoundError(FOLLOW_UP_NOT_FOUND);
    return detail;
  }

  /** 所見・提案 any time; closing needs 対応内容, and may delete the contact (nothing left open). */
  async update(actor: Actor, id: string, input: z.output<typeof UpdateFollowUpSchema>): Promise<FollowUpDetail> {
    const found = await repo.findFollowUp(this.deps.db, actor.pharmacyId, id);
    if (!found) throw new NotFoundError(FOLLOW_UP_NOT_FOUND);
    // read before the transaction: the embedded database has one connection, which the transaction holds
    const reception = await this.deps.receptions.getFor(actor, found.reception_id);
    await this.deps.unitOfWork.run(async (work) => {
      await repo.lockCareOf(work.db, found.reception_id);
      const row = (await repo.findFollowUp(work.db, actor.pharmacyId, id, true))!;
      if (row.status === "closed")
        throw new AppError(409, ERROR_CODE_MESSAGES[ErrorCode.FollowUpClosed], ErrorCode.FollowUpClosed);
      const closing = input.status === "closed";
      await repo.updateFollowUp(work.db, id, {
        ...(input.note !== undefined && { note: input.note }),
        ...(input.findings !== undefined && { findings: input.findings }),
        ...(input.proposal !== undefined && { proposal: input.proposal }),
        ...(closing && {
          status: "closed",
          closed_at: this.deps.clock.now(),
          closed_by: actor.id ?? null,
          closed_by_name: actor.name,
        }),
      });
      await this.deps.audit.record(
        work,
        actor,
        closing ? "follow_up.closed" : "follow_up.updated",
        careTarget("follow_up", id, reception),
      );
      if (closing) await this.forgetContactIfDone(work, actor, reception);
    });
    return this.detail(actor, id);
  }

  /** The follow-up with its reception, for the report (recorded as printed). */
  async forReport(actor: Actor, id: string): Promise<FollowUpDetail> {
    const detail = await this.detail(actor, id);
    await this.deps.audit.record(
      this.deps.db,
      actor,
      "follow_up.report_printed",
      careTarget("follow_up", id, detail.reception),
    );
    return detail;
  }

  private async worklistRows(pharmacyId: string, date: string) {
    return repo.worklist(this.deps.db, pharmacyId, date, startOfBusinessDate(date), endOfBusinessDate(date));
  }

  /** A row with its reception; undefined when the reception was deleted since. */
  private async detailOf(actor: Actor, row: repo.FollowUpRow): Promise<FollowUpDetail | undefined> {
    let reception: Reception;
    try {
      reception = await this.deps.receptions.getFor(actor, row.reception_id);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
    return {
      ...toFollowUp(row),
      reception,
      questions: row.questions,
      ...(row.answers && { answers: row.answers }),
      alertKeys: followUpAlertsOf(row.questions, row.answers ?? undefined).alertKeys,
      contact: await this.contactOf(this.deps.db, actor.pharmacyId, row.reception_id),
    };
  }
}
