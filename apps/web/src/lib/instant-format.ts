import { DATE_TIME_FORMAT } from "@pharmacy/contract/formats";
import { inBusinessTime } from "./dayjs";

/** "YYYY年MM月DD日 HH:mm" of an instant (ISO), in Asia/Tokyo: last sign-ins, device registrations, audit rows. */
export function formatInstant(instant: string): string {
  return inBusinessTime(instant).format(DATE_TIME_FORMAT);
}
