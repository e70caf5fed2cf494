import { addDays, businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import {
  closedDaysIn,
  dispensedOnOf,
  NEXT_DISPENSINGS_DEFAULT_DAYS,
  nextDispensingWindow,
  refillReminderOn,
  type NextDispensing,
  type NextDispensingWindow,
  type NextDispensingsQuery,
} from "@pharmacy/contract/follow-ups/next-dispensing";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import type { Actor } from "../../lib/actor.js";
import type { ReceptionService } from "../receptions/index.js";
import type { SettingsService } from "../settings/index.js";
import * as repo from "./repository.js";

/** How far back receptions are read for windows that may still be ahead (the longest supply a code gives is 90 days and more). */
const LOOK_BACK_DAYS = 200;

/** The day a reception's medicine was dispensed: the day it was handed over, else its own day. */
export interface PrescriptionWindow {
  prescriptionId: string;
  dispensedOn: string;
  window: NextDispensingWindow;
  institutionName: string;
  /** The name the prescription's code holds ("" when none). */
  patientNameOnCode: string;
}

/** Each prescription of the reception whose code gives a next dispensing, with its window. */
export function windowsOf(reception: Reception): PrescriptionWindow[] {
  const day = dispensedOnOf(reception);
  return reception.prescriptions.flatMap((prescription) => {
    const window = prescription.rx && nextDispensingWindow(prescription.rx, day);
    return window
      ? [
          {
            prescriptionId: prescription.prescriptionId,
            dispensedOn: day,
            window,
            institutionName: prescription.rx!.institution.name,
            patientNameOnCode: prescription.rx!.patient.name,
          },
        ]
      : [];
  });
}

/** Keeps a reminder row per window of a reception whose contact has an e-mail (the reminder goes by mail). */
export async function scheduleReminders(db: Db, pharmacyId: string, reception: Reception): Promise<void> {
  for (const { prescriptionId, window } of windowsOf(reception)) {
    await repo.upsertReminder(db, {
      prescription_id: prescriptionId,
      reception_id: reception.id,
      pharmacy_id: pharmacyId,
      window_from: window.from,
      window_to: window.to,
      remind_on: refillReminderOn(window),
    });
  }
}

/** GET /api/next_dispensings: refill and split windows overlapping the range, with their reminders. */
export interface NextDispensingServiceDeps {
  db: Db;
  clock: Clock;
  receptions: ReceptionService;
  settings: SettingsService;
}

export class NextDispensingService {
  constructor(private readonly deps: NextDispensingServiceDeps) {}

  async list(actor: Actor, query: NextDispensingsQuery): Promise<NextDispensing[]> {
    const today = businessDateOf(this.deps.clock.now());
    const from = query.from ?? today;
    const to = query.to ?? addDays(from, NEXT_DISPENSINGS_DEFAULT_DAYS);
    const receptions = await this.deps.receptions.repeatReceptions(actor.pharmacyId, addDays(from, -LOOK_BACK_DAYS));
    const hours = await this.deps.settings.businessHours(actor.pharmacyId);
    const reminders = new Map(
      (
        await repo.remindersOf(
          this.deps.db,
          receptions.map((reception) => reception.id),
        )
      ).map((row) => [row.prescription_id, row]),
    );
    return receptions
      .flatMap((reception) =>
        windowsOf(reception).map(({ prescriptionId, dispensedOn: day, window, institutionName, patientNameOnCode }) => {
          const reminder = reminders.get(prescriptionId);
          // the name given at reception wins; without one, the code's (as the detail panel shows it)
          const patientName = reception.patientName || patientNameOnCode;
          return {
            receptionId: reception.id,
            prescriptionId,
            receptionNumber: reception.receptionNumber,
            partitionNumber: reception.partitionNumber,
            receptionDate: reception.receptionDate,
            ...(patientName && { patientName }),
            ...(!reception.patientName && patientNameOnCode && { patientNameFromCode: true }),
            institutionName,
            dispensedOn: day,
            kind: window.kind,
            runsOutOn: window.runsOutOn,
            from: window.from,
            to: window.to,
            ...(window.totalUses !== undefined && { totalUses: window.totalUses }),
            ...(window.part && { part: window.part }),
            reminder: {
              status: !reminder ? "none" : reminder.closed_at ? "closed" : reminder.sent_at ? "sent" : "scheduled",
              remindOn: refillReminderOn(window),
              ...(reminder?.sent_at && { sentAt: reminder.sent_at.toISOString() }),
            },
            closedDays: closedDaysIn(window, hours),
          } satisfies NextDispensing;
        }),
      )
      .filter((item) => item.to >= from && item.from <= to)
      .sort((a, b) => a.from.localeCompare(b.from) || a.receptionNumber - b.receptionNumber);
  }
}
