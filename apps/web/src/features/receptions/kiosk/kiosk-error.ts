import { apiErrorMessage, isRefusal } from "../../../lib/api/api-error";

/** A patient at the kiosk cannot check a network: when the server does not answer, they ask the staff. */
export const KIOSK_ASK_STAFF = "ただいま受付できません。お手数ですが、スタッフにお声がけください。";

/** What the kiosk says when a call fails: the server's own refusal as it is, anything else sends the patient to the staff. */
export function kioskErrorMessage(error: unknown): string {
  return isRefusal(error) ? apiErrorMessage(error) : KIOSK_ASK_STAFF;
}
