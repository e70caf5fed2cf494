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
} from "@pharmacy/contract/settings";
import type { Database } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { findAppSettings, findBusinessHours, saveAppSettings, saveBusinessHours } from "./repository.js";

/** A branch's settings: what it saved, or the contract's defaults until it saves. */
export class SettingsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  async appSettings(pharmacyId: string): Promise<AppSettings> {
    const stored = AppSettingsSchema.safeParse(await findAppSettings(this.db, pharmacyId));
    return stored.success ? stored.data : DEFAULT_APP_SETTINGS;
  }

  async saveAppSettings(actor: Actor, settings: AppSettings): Promise<AppSettings> {
    await this.db.transaction().execute(async (trx) => {
      await saveAppSettings(trx, actor.pharmacyId, settings, this.clock.now());
      await this.audit.record(trx, actor, "settings.updated", { type: "settings" });
    });
    return settings;
  }

  async businessHours(pharmacyId: string): Promise<BusinessHours> {
    const stored = BusinessHoursSchema.safeParse(await findBusinessHours(this.db, pharmacyId));
    return stored.success ? stored.data : DEFAULT_BUSINESS_HOURS;
  }

  async saveBusinessHours(actor: Actor, hours: BusinessHours): Promise<BusinessHours> {
    const tidy: BusinessHours = {
      weekly: [...hours.weekly]
        .sort((a, b) => a.weekday - b.weekday)
        .map((day) => ({ weekday: day.weekday, periods: [...day.periods].sort((a, b) => a.start.localeCompare(b.start)) })),
      closedDates: [...new Set(hours.closedDates)].sort(),
      openOnHolidays: hours.openOnHolidays,
    };
    await this.db.transaction().execute(async (trx) => {
      await saveBusinessHours(trx, actor.pharmacyId, tidy, this.clock.now());
      await this.audit.record(trx, actor, "business_hours.updated", { type: "business_hours" });
    });
    return tidy;
  }
}
