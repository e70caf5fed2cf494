import { formatSlashDate } from "@pharmacy/contract/calendar/date-labels";
import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import { TIME_FORMAT } from "@pharmacy/contract/shared/formats";
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { inBusinessTime } from "../../lib/dates/dayjs";

/** "HH:mm" of an instant, in Asia/Tokyo. */
export function formatTime(instant: string): string {
  return inBusinessTime(instant).format(TIME_FORMAT);
}

/**
 * When a reception came, as a list of `listDate` shows it: 「22:32」 on that day, 「11/26 22:32」 on
 * another (a carried row, last night's web reception), so that yesterday's late one never reads as later today.
 */
export function listedTime(instant: string, listDate: string): string {
  const date = businessDateOf(new Date(instant));
  return date === listDate ? formatTime(instant) : `${formatSlashDate(date)} ${formatTime(instant)}`;
}

/**
 * A reception's number as a list of `listDate` shows it: 「8」 for that day's own, 「11/26 - 8」 for
 * another day's (a carried row, a pickup from an earlier day), so that two days' 8 never read alike.
 */
export function listedNumber(
  reception: { receptionNumber: number; partitionNumber: number; receptionDate: string },
  listDate: string,
): string {
  const number = formatReceptionNumber(reception.receptionNumber, reception.partitionNumber);
  return reception.receptionDate === listDate ? number : `${formatSlashDate(reception.receptionDate)} - ${number}`;
}
