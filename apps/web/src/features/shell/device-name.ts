import { businessClockOf } from "@pharmacy/contract/calendar/business-calendar";

const KIND_LABELS = { counter: "受付端末", display: "呼出画面" } as const;

/** The name a device gets when a staff member turns this browser into one: kind and Tokyo date-time, e.g. 「受付端末 11/22 09:05」. */
export function defaultDeviceName(kind: keyof typeof KIND_LABELS, now: Date): string {
  const { date, time } = businessClockOf(now);
  const [, month, day] = date.split("-").map(Number);
  return `${KIND_LABELS[kind]} ${month}/${day} ${time}`;
}
