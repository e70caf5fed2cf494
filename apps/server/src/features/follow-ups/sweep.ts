import { businessClockOf, DAY_MS, type BusinessClock } from "@pharmacy/contract/calendar/business-calendar";
import {
  isSendingTime,
  NO_ANSWER_AFTER_DAYS,
  UNUSED_CARE_CONTACT_KEPT_DAYS,
} from "@pharmacy/contract/follow-ups/follow-ups";
import { followUpPagePath } from "@pharmacy/contract/follow-ups/patient-page";
import { repeatReceptionPath, type NextDispensingWindow } from "@pharmacy/contract/follow-ups/next-dispensing";
import type { PatientLanguage } from "@pharmacy/contract/shared/languages";
import type { BusinessHours } from "@pharmacy/contract/settings/settings";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { startPeriodicJob } from "../../lib/periodic-job.js";
import { NotFoundError } from "../../lib/errors.js";
import type { UnitOfWork } from "../../live/unit-of-work.js";
import { patientText, type PatientText } from "../../i18n/patient-text.js";
import type { Mailer, OutgoingMail } from "../../mail/mailer.js";
import type { AuditService } from "../audit/index.js";
import type { LineNotices } from "../line/index.js";
import type { LinkOrigins } from "../pharmacy/index.js";
import type { PharmacyService } from "../pharmacy/index.js";
import type { ReceptionService } from "../receptions/index.js";
import type { SettingsService } from "../settings/index.js";
import type { VisitorNotices } from "../visitor-notices/index.js";
import { careTarget, newLinkToken } from "./mapping.js";
import { followUpMail, followUpPush, refillReminderMail } from "./messages.js";
import { scheduleReminders } from "./next-dispensings.js";
import * as repo from "./repository.js";
import { systemActor, type FollowUpService } from "./service.js";

export interface FollowUpSweepDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  audit: AuditService;
  receptions: ReceptionService;
  pharmacies: PharmacyService;
  settings: SettingsService;
  notices: VisitorNotices;
  mailer: Mailer;
  linkOrigins: LinkOrigins;
  followUps: FollowUpService;
  /** The patient's LINE, beside the follow-up's own channel. */
  line: LineNotices;
  log: FastifyBaseLogger;
}

/** A push's time to live at the push service: the link's own life is longer, a day's delay is enough. */
const PUSH_TTL_SECONDS = 86_400;

/**
 * What happens to follow-ups and reminders without anyone pressing a button, every
 * FOLLOW_UP_SWEEP_SECONDS on every process: due messages go out at the branch's opening time (each
 * claimed by one conditional UPDATE, so two processes never send one twice), sent ones unanswered
 * for 3 days become no_answer, refill reminders go out 3 days before their window, and contacts with
 * nothing left open are deleted.
 */
export class FollowUpSweep {
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly deps: FollowUpSweepDeps) {}

  async run(): Promise<void> {
    const now = this.deps.clock.now();
    const hours = new Map<string, Promise<BusinessHours>>();
    const hoursOf = (pharmacyId: string) => {
      if (!hours.has(pharmacyId)) hours.set(pharmacyId, this.deps.settings.businessHours(pharmacyId));
      return hours.get(pharmacyId)!;
    };
    const clock = businessClockOf(now);
    await this.sendDue(clock, hoursOf);
    await this.markNoAnswer(now);
    await this.remindAndForget(clock, hoursOf);
  }

  /** Waits for the messages in flight (a stopping server lets them finish). */
  async drain(): Promise<void> {
    await Promise.all(this.sending);
  }

  private async sendDue(clock: BusinessClock, hoursOf: (pharmacyId: string) => Promise<BusinessHours>): Promise<void> {
    for (const row of await repo.unsentDue(this.deps.db, clock.date)) {
      if (!isSendingTime(row.due_on, await hoursOf(row.pharmacy_id), clock)) continue;
      const linkBase = await this.deps.linkOrigins.of(row.pharmacy_id);
      if (!linkBase) continue;
      // read before the transaction: the embedded database has one connection, which the transaction holds
      const patientLanguage = await this.deps.receptions.patientLanguageOf(row.pharmacy_id, row.reception_id);
      const { token, hash } = newLinkToken();
      const claimed = await this.deps.unitOfWork.run(async (work) => {
        if (!(await repo.claimSend(work.db, row.id, hash, this.deps.clock.now()))) return false;
        await this.deps.audit.record(work, systemActor(row.pharmacy_id), "follow_up.sent", {
          type: "follow_up",
          id: row.id,
        });
        const questionnaireUrl = new URL(followUpPagePath(token), linkBase).href;
        if (row.channel !== "phone")
          await this.deps.line.followUpDue(work, {
            pharmacyId: row.pharmacy_id,
            receptionId: row.reception_id,
            patientLanguage,
            questionnaireUrl,
          });
        return true;
      });
      if (claimed) this.track(this.deliver(row, token, linkBase, await patientText(patientLanguage)));
    }
  }

  /** By mail or push; a LINE follow-up's message was queued in the claiming transaction already. */
  private async deliver(row: repo.FollowUpRow, token: string, linkBase: string, text: PatientText): Promise<void> {
    if (row.channel === "line") return;
    const pharmacyName = (await this.deps.pharmacies.get(row.pharmacy_id)).name;
    if (row.channel === "email") {
      const contact = await repo.findCareContact(this.deps.db, row.pharmacy_id, row.reception_id);
      if (contact?.email)
        await this.mail(
          row.pharmacy_id,
          followUpMail(text, contact.email, pharmacyName, new URL(followUpPagePath(token), linkBase).href),
        );
      return;
    }
    for (const target of await repo.carePushOf(this.deps.db, row.reception_id)) {
      if (
        (await this.deps.notices.pushTo(target, followUpPush(text, pharmacyName, token), PUSH_TTL_SECONDS)) === "gone"
      )
        await repo.deleteCarePush(this.deps.db, target.id);
    }
  }

  private async markNoAnswer(now: Date): Promise<void> {
    await this.deps.unitOfWork.run(async (work) => {
      for (const row of await repo.markNoAnswer(work.db, new Date(now.getTime() - NO_ANSWER_AFTER_DAYS * DAY_MS))) {
        await this.deps.audit.record(work, systemActor(row.pharmacy_id), "follow_up.no_answer", {
          type: "follow_up",
          id: row.id,
        });
      }
    });
  }

  /** Per contact: its reminders kept up to date and sent when due; the contact deleted once nothing is left for it. */
  private async remindAndForget(
    clock: BusinessClock,
    hoursOf: (pharmacyId: string) => Promise<BusinessHours>,
  ): Promise<void> {
    const now = this.deps.clock.now();
    for (const contact of await repo.allCareContacts(this.deps.db)) {
      const actor = systemActor(contact.pharmacy_id);
      const reception = await this.deps.receptions.getFor(actor, contact.reception_id).catch((error: unknown) => {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      });
      // read before the transaction: the embedded database has one connection, which the transaction holds
      const [hours, linkBase, pharmacy] = await Promise.all([
        hoursOf(contact.pharmacy_id),
        this.deps.linkOrigins.of(contact.pharmacy_id),
        this.deps.pharmacies.get(contact.pharmacy_id),
      ]);
      await this.deps.unitOfWork.run(async (work) => {
        await repo.lockCareOf(work.db, contact.reception_id);
        if (!reception) {
          if (await repo.deleteCareContact(work.db, contact.reception_id))
            await this.deps.audit.record(work, actor, "care_contact.deleted", {
              type: "care_contact",
              id: contact.reception_id,
            });
          return;
        }
        // a patient who keeps no e-mail is reminded on LINE alone, while a LINE link is kept for their care
        const reachable = contact.email !== null || (await this.deps.line.careLinks(work.db, reception.id)) > 0;
        if (reachable) await scheduleReminders(work.db, contact.pharmacy_id, reception);
        for (const reminder of await repo.remindersOf(work.db, [reception.id])) {
          if (reminder.closed_at) continue;
          if (reminder.window_to < clock.date || !reachable) {
            await repo.closeReminder(work.db, reminder.prescription_id, now);
            continue;
          }
          if (reminder.sent_at || !isSendingTime(reminder.remind_on, hours, clock)) continue;
          if (!linkBase || !(await repo.claimReminder(work.db, reminder.prescription_id, now))) continue;
          await this.deps.audit.record(
            work,
            actor,
            "refill_reminder.sent",
            careTarget("refill_reminder", reminder.prescription_id, reception),
          );
          const receptionUrl = new URL(repeatReceptionPath(pharmacy.publicSlug), linkBase).href;
          await this.deps.line.refillReminder(work, {
            pharmacyId: contact.pharmacy_id,
            receptionId: reception.id,
            patientLanguage: reception.patientLanguage,
            windowOpensOn: reminder.window_from,
            receptionUrl,
          });
          const email = contact.email;
          if (!email) continue;
          const window = { from: reminder.window_from, to: reminder.window_to };
          const language = reception.patientLanguage;
          work.afterCommit(() => this.track(this.remind(contact.pharmacy_id, email, window, linkBase, language)));
        }
        const unusedSince = now.getTime() - UNUSED_CARE_CONTACT_KEPT_DAYS * DAY_MS;
        if ((await repo.hadCare(work.db, reception.id)) || contact.consented_at.getTime() <= unusedSince)
          await this.deps.followUps.forgetContactIfDone(work, actor, reception);
      });
    }
  }

  private async remind(
    pharmacyId: string,
    email: string,
    window: Pick<NextDispensingWindow, "from" | "to">,
    linkBase: string,
    language: PatientLanguage,
  ): Promise<void> {
    const [pharmacy, text] = await Promise.all([this.deps.pharmacies.get(pharmacyId), patientText(language)]);
    await this.mail(
      pharmacyId,
      refillReminderMail(
        text,
        email,
        pharmacy.name,
        window,
        new URL(repeatReceptionPath(pharmacy.publicSlug), linkBase).href,
      ),
    );
  }

  private async mail(pharmacyId: string, mail: OutgoingMail): Promise<void> {
    await this.deps.mailer.send(mail).catch(async (error: unknown) => {
      // an SMTP error's text may quote the address: only its code is logged
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      this.deps.log.warn({ code, responseCode }, "follow-up mail not sent");
      await this.deps.notices.mailFailed(pharmacyId);
    });
  }

  private track(sending: Promise<void>): void {
    const tracked = sending
      .catch((error: unknown) => this.deps.log.error({ err: error }, "follow-up message failed"))
      .finally(() => this.sending.delete(tracked));
    this.sending.add(tracked);
  }
}

/** Runs the sweep every `intervalMs`; the returned function stops it. */
export function startFollowUpSweep(
  sweep: FollowUpSweep,
  intervalMs: number,
  log: FastifyBaseLogger,
): () => Promise<void> {
  return startPeriodicJob({ name: "follow-up sweep", intervalMs, run: () => sweep.run() }, log);
}
