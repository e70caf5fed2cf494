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
  ) {}

  async appSettings(pharmacyId: string): Promise<AppSettings> {
    const stored = AppSettingsSchema.safeParse(await findAppSettings(this.db, pharmacyId));
    return stored.success ? stored.data : DEFAULT_APP_SETTINGS;
  }

  async saveAppSettings(pharmacyId: string, settings: AppSettings): Promise<AppSettings> {
    await saveAppSettings(this.db, pharmacyId, settings, this.clock.now());
    return settings;
  }

  async businessHours(pharmacyId: string): Promise<BusinessHours> {
    const stored = BusinessHoursSchema.safeParse(await findBusinessHours(this.db, pharmacyId));
    return stored.success ? stored.data : DEFAULT_BUSINESS_HOURS;
  }

  async saveBusinessHours(pharmacyId: string, hours: BusinessHours): Promise<BusinessHours> {
    const tidy: BusinessHours = {
      weekly: [...hours.weekly]
        .sort((a, b) => a.weekday - b.weekday)
        .map((day) => ({ weekday: day.weekday, periods: [...day.periods].sort((a, b) => a.start.localeCompare(b.start)) })),
      closedDates: [...new Set(hours.closedDates)].sort(),
    };
    await saveBusinessHours(this.db, pharmacyId, tidy, this.clock.now());
    return tidy;
  }
}
