/** dayjs format strings of the brief, and the time zone every business day is counted in. */
export const TIME_FORMAT = "HH:mm";
export const DATE_TIME_FORMAT = "YYYY年MM月DD日 HH:mm";
export const DATE_FORMAT = "YYYY年MM月DD日";
export const API_DATE_FORMAT = "YYYY-MM-DD";
export const BUSINESS_TIME_ZONE = "Asia/Tokyo";

export const API_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const businessDateFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The business day (YYYY-MM-DD in Asia/Tokyo) an instant falls on. */
export function businessDateOf(instant: Date): string {
  return businessDateFormat.format(instant);
}

const dateTimeParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The business day (YYYY-MM-DD) and the time (HH:mm) at the pharmacy, in Asia/Tokyo. */
export function businessClockOf(instant: Date): { date: string; time: string } {
  const part = Object.fromEntries(dateTimeParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}

/** "YYYY年MM月DD日 HH:mm" in Asia/Tokyo, for text made on the server (the ticket). */
export function formatBusinessDateTime(instant: Date): string {
  const { date, time } = businessClockOf(instant);
  const [year, month, day] = date.split("-");
  return `${year}年${month}月${day}日 ${time}`;
}

/** "12" for a single reception, "12-1" for partition 1 of number 12. */
export function formatReceptionNumber(receptionNumber: number, partitionNumber: number): string {
  return partitionNumber === 0 ? String(receptionNumber) : `${receptionNumber}-${partitionNumber}`;
}
