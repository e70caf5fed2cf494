import { apiErrorMessage, isRefusal } from "../../../lib/api/api-error";
import { message, type Message } from "../../../lib/i18n/message";
import { publicErrorOf } from "../../../lib/i18n/patient-errors";

/** A patient at the kiosk cannot check a network: when the server does not answer, they ask the staff. */
export const KIOSK_ASK_STAFF = message("kiosk.askStaff");

/**
 * What the kiosk says when a call fails, in the patient's language: the server's own refusal (its
 * Japanese words to a Japanese reader), anything else sends the patient to the staff.
 */
export function kioskErrorMessage(error: unknown): Message {
  return isRefusal(error) ? { ...publicErrorOf(error), japanese: apiErrorMessage(error) } : KIOSK_ASK_STAFF;
}
