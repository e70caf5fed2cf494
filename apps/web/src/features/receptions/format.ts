import { formatSlashDate } from "@pharmacy/contract/date-labels";
import { formatReceptionNumber } from "@pharmacy/contract/formats";
import { TIME_FORMAT } from "@pharmacy/contract/formats";
import { inBusinessTime } from "../../lib/dayjs";

/** "HH:mm" of an instant, in Asia/Tokyo. */
export function formatTime(instant: string): string {
  return inBusinessTime(instant).format(TIME_FORMAT);
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
