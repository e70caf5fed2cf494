import type { AuditService } from "../audit/index.js";
import type { Actor } from "../../lib/actor.js";
import type { Kysely } from "kysely";
import {
  AppSettingsSchema,
  BusinessHoursSchema,
  DEFAULT_APP_SETTINGS,
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_QUESTIONS,
  DEFAULT_TICKET_MESSAGE,
  QuestionsSchema,
  type AppSettings,
  type BusinessHours,
} from "@pharmacy/contract/settings/settings";
import {
  FollowUpTemplatesSchema,
  SHIPPED_FOLLOW_UP_TEMPLATES,
  type FollowUpTemplate,
} from "@pharmacy/contract/follow-ups/follow-up-templates";
import type { OrganizationSettings } from "@pharmacy/contract/organization/organization-settings";
import type { Database } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import * as repo from "./repository.js";

export interface SettingsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditService;
}

/**
 * Which version of a setting shared with the organisation a branch uses (docs/rules.md#organisations):
 * its own when it keeps one, else its organisation's, else the product's shipped one. The one rule for
 * the questions, the ticket message and the follow-up templates, wherever they are read.
 */
export function sharedVersion<T>(own: T | undefined, organization: T | undefined, shipped: T): T {
  return own ?? organization ?? shipped;
}

/** A branch's settings: what it saved, or the contract's defaults until it saves; the shared ones resolved. */
export class SettingsService {
  constructor(private readonly deps: SettingsServiceDeps) {}

  /** What the staff screens, the kiosk, the public pages and the ticket use. */
  async appSettings(pharmacyId: string): Promise<AppSettings> {
    const row = await repo.findAppSettings(this.deps.db, pharmacyId);
    const stored = AppSettingsSchema.safeParse(row?.settings);
    const saved = stored.success ? stored.data : DEFAULT_APP_SETTINGS;
    const organizationQuestions = QuestionsSchema.safeParse(row?.organizationQuestions);
    return {
      ...saved,
      questions: sharedVersion(
        saved.ownQuestions ? saved.questions : undefined,
        organizationQuestions.success ? organizationQuestions.data : undefined,
        DEFAULT_QUESTIONS,
      ),
      ticketMessage: sharedVersion(
        saved.ownTicketMessage ? saved.ticketMessage : undefined,
        row?.organizationTicketMessage ?? undefined,
        DEFAULT_TICKET_MESSAGE,
      ),
    };
  }

  async saveAppSettings(actor: Actor, settings: AppSettings): Promise<AppSettings> {
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.saveAppSettings(trx, actor.pharmacyId, settings, this.deps.clock.now());
      await this.deps.audit.record(trx, actor, "settings.updated", { type: "settings" });
    });
    return this.appSettings(actor.pharmacyId);
  }

  /** The follow-up templates of the branch's organisation, if it saved its own (the follow-ups feature keeps a branch's). */
  async organizationTemplatesOf(pharmacyId: string): Promise<FollowUpTemplate[] | undefined> {
    const stored = FollowUpTemplatesSchema.shape.templates.safeParse(
      await repo.findOrganizationTemplatesOfBranch(this.deps.db, pharmacyId),
    );
    return stored.success ? stored.data : undefined;
  }

  /** The organisation's versions, the shipped ones until its admin saves. */
  async organizationSettings(organizationId: string): Promise<OrganizationSettings> {
    const row = await repo.findOrganizationSettings(this.deps.db, organizationId);
    const questions = QuestionsSchema.safeParse(row?.questions);
    const templates = FollowUpTemplatesSchema.shape.templates.safeParse(row?.follow_up_templates);
    return {
      questions: questions.success ? questions.data : DEFAULT_QUESTIONS,
      ticketMessage: row?.ticket_message ?? DEFAULT_TICKET_MESSAGE,
      followUpTemplates: templates.success ? templates.data : [...SHIPPED_FOLLOW_UP_TEMPLATES],
    };
  }

  /** Recorded in the log of the branch the organisation's admin is signed in to. */
  async saveOrganizationSettings(
    actor: Actor,
    organizationId: string,
    settings: OrganizationSettings,
  ): Promise<OrganizationSettings> {
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.saveOrganizationSettings(trx, organizationId, settings, this.deps.clock.now());
      await this.deps.audit.record(trx, actor, "organization_settings.updated", {
        type: "organization",
        id: organizationId,
      });
    });
    return this.organizationSettings(organizationId);
  }

  async businessHours(pharmacyId: string): Promise<BusinessHours> {
    return storedHours(await repo.findBusinessHours(this.deps.db, pharmacyId));
  }

  /** Several branches' hours in one query, keyed by branch. */
  async businessHoursOf(pharmacyIds: readonly string[]): Promise<Map<string, BusinessHours>> {
    const rows = await repo.findBusinessHoursOf(this.deps.db, pharmacyIds);
    const saved = new Map(rows.map((row) => [row.pharmacy_id, row.hours]));
    return new Map(pharmacyIds.map((id) => [id, storedHours(saved.get(id))]));
  }

  async saveBusinessHours(actor: Actor, hours: BusinessHours): Promise<BusinessHours> {
    const tidy: BusinessHours = {
      weekly: [...hours.weekly]
        .sort((a, b) => a.weekday - b.weekday)
        .map((day) => ({
          weekday: day.weekday,
          periods: [...day.periods].sort((a, b) => a.start.localeCompare(b.start)),
        })),
      closedDates: [...new Set(hours.closedDates)].sort(),
      openOnHolidays: hours.openOnHolidays,
    };
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.saveBusinessHours(trx, actor.pharmacyId, tidy, this.deps.clock.now());
      await this.deps.audit.record(trx, actor, "business_hours.updated", { type: "business_hours" });
    });
    return tidy;
  }
}

function storedHours(hours: unknown): BusinessHours {
  const stored = BusinessHoursSchema.safeParse(hours);
  return stored.success ? stored.data : DEFAULT_BUSINESS_HOURS;
}
