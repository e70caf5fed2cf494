/** dayjs format strings of docs/rules.md#the-staff-apps-basics; the time zone and the business day are `business-calendar.ts`, dates in Japanese `date-labels.ts`. */
export const TIME_FORMAT = "HH:mm";
export const API_DATE_FORMAT = "YYYY-MM-DD";

export const API_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "12" for a single reception, "12-1" for partition 1 of number 12. */
export function formatReceptionNumber(receptionNumber: number, partitionNumber: number): string {
  return partitionNumber === 0 ? String(receptionNumber) : `${receptionNumber}-${partitionNumber}`;
}
