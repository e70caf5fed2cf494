import { BUSINESS_TIME_ZONE } from "@pharmacy/contract/calendar/business-calendar";
import dayjs from "dayjs";
import "dayjs/locale/ja";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

// Imported by the screens that format dates instead of main.tsx, so dayjs stays out of the login page's entry chunk.
dayjs.locale("ja");
dayjs.extend(utc);
dayjs.extend(timezone);

/** An instant as the pharmacy sees it: every displayed time is Asia/Tokyo, whatever the device's zone. */
export function inBusinessTime(instant: string | Date | number): dayjs.Dayjs {
  return dayjs(instant).tz(BUSINESS_TIME_ZONE);
}

export { dayjs };
