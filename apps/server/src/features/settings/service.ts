import type { AuditService } from "../audit/index.js";
import type { Actor } from "../../lib/actor.js";
import type { Kysely } from "kysely";
import {
  AppSettingsSchema,
  BusinessHoursSchema,
  DEFAULT_APP_SETTINGS,
  DEFAULT_BUSINESS_HOURS,
  type AppSettings,
  type BusinessHours,
} from "@pharmacy/contract/settings/settings";
import type { Database } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { findAppSettings, findBusinessHours, saveAppSettings, saveBusinessHours } from "./repository.js";

export interface SettingsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditService;
}

/** A branch's settings: what it saved, or the contract's defaults until it saves. */
export class SettingsService {
  constructor(private readonly deps: SettingsServiceDeps) {}

  async appSettings(pharmacyId: string): Promise<AppSettings> {
    const stored = AppSettingsSchema.safeParse(await findAppSettings(this.deps.db, pharmacyId));
    return stored.success ? stored.data : DEFAULT_APP_SETTINGS;
  }

  async saveAppSettings(actor: Actor, settings: AppSettings): Promise<AppSettings> {
    await this.deps.db.transaction().execute(async (trx) => {
      await saveAppSettings(trx, actor.pharmacyId, settings, this.deps.clock.now());
      await this.deps.audit.record(trx, actor, "settings.updated", { type: "settings" });
    });
    return settings;
  }

  async businessHours(pharmacyId: string): Promise<BusinessHours> {
    const stored = BusinessHoursSchema.safeParse(await findBusinessHours(this.deps.db, pharmacyId));
    return stored.success ? stored.data : DEFAULT_BUSINESS_HOURS;
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
      await saveBusinessHours(trx, actor.pharmacyId, tidy, this.deps.clock.now());
      await this.deps.audit.record(trx, actor, "business_hours.updated", { type: "business_hours" });
    });
    return tidy;
  }
}
