import { shortDayLabel } from "@pharmacy/contract/across-days";
import { formatReceptionNumber } from "@pharmacy/contract/formats";
import { DATE_FORMAT, DATE_TIME_FORMAT, TIME_FORMAT } from "@pharmacy/contract/formats";
import { businessDateOf } from "@pharmacy/contract/business-calendar";
import { dayjs, inBusinessTime } from "../../lib/dayjs";

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
  return date === listDate ? formatTime(instant) : `${shortDayLabel(date)} ${formatTime(instant)}`;
}

/** "YYYY年MM月DD日 HH:mm" of an instant, in Asia/Tokyo. */
export function formatDateTime(instant: string): string {
  return inBusinessTime(instant).format(DATE_TIME_FORMAT);
}

/** "YYYY年MM月DD日（土）" of a business day given as YYYY-MM-DD. */
export function formatBusinessDate(date: string): string {
  return dayjs(date).format(`${DATE_FORMAT}（ddd）`);
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
  return reception.receptionDate === listDate ? number : `${shortDayLabel(reception.receptionDate)} - ${number}`;
}
