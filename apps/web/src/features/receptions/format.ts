import { DATE_FORMAT, DATE_TIME_FORMAT, TIME_FORMAT } from "@pharmacy/contract/formats";
import { dayjs, inBusinessTime } from "../../lib/dayjs";

/** "HH:mm" of an instant, in Asia/Tokyo. */
export function formatTime(instant: string): string {
  return inBusinessTime(instant).format(TIME_FORMAT);
}

/** "YYYY年MM月DD日 HH:mm" of an instant, in Asia/Tokyo. */
export function formatDateTime(instant: string): string {
  return inBusinessTime(instant).format(DATE_TIME_FORMAT);
}

/** "YYYY年MM月DD日（土）" of a business day given as YYYY-MM-DD. */
export function formatBusinessDate(date: string): string {
  return dayjs(date).format(`${DATE_FORMAT}（ddd）`);
}

