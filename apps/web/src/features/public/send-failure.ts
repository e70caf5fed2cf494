import { ErrorCode } from "@pharmacy/contract/shared/errors";
import { apiValidationIssues, matchIssuesToFields } from "../../components/api-form-errors";
import { apiErrorCode, apiErrorMessage, apiErrorStatus } from "../../lib/api/api-error";
import { answerField, type FieldKey } from "./form-steps";
import { TOO_MANY_REQUESTS_TEXT } from "./labels";

const LINK_GONE = "このWeb受付のURLは現在使われていません。薬局に掲示されている最新のQRコードから開き直してください。";

export interface SendFailure {
  /** The message over the send button, and the server's messages no field shows. */
  title: string;
  details: string[];
  /** The messages under the fields the server named; absent when the fields are not at fault (429). */
  errors?: Record<FieldKey, string>;
}

/** What the form shows when a send fails: the server's messages, each under its field where the form has it. */
export function sendFailureOf(error: unknown, fields: readonly FieldKey[]): SendFailure {
  const status = apiErrorStatus(error);
  if (status === 429) return { title: TOO_MANY_REQUESTS_TEXT, details: [] };
  if (apiErrorCode(error) === ErrorCode.ReturnDateAfterUsable) {
    // The photo's code was read on sending: the day is past its last usable day. Pick again.
    return {
      title: apiErrorMessage(error),
      details: [],
      errors: { [answerField("returnDate")]: apiErrorMessage(error) },
    };
  }
  const { fieldErrors, unmatched } = matchIssuesToFields(
    apiValidationIssues(error),
    fields.map((field) => field.split(".")),
  );
  const errors: Record<FieldKey, string> = Object.fromEntries(
    fieldErrors.map((entry) => [entry.name.join("."), entry.errors[0]!]),
  );
  if (status === 413 || status === 415) errors.file = apiErrorMessage(error);
  return {
    title: status === 404 ? LINK_GONE : `送信できませんでした。${apiErrorMessage(error)}`,
    details: unmatched.map((issue) => issue.message),
    errors,
  };
}
