import { ErrorCode } from "@pharmacy/contract/shared/errors";
import { apiValidationIssues, matchIssuesToFields } from "../../components/api-form-errors";
import { apiErrorCode, apiErrorMessage, apiErrorStatus } from "../../lib/api/api-error";
import { message, messageOr, type Message } from "../../lib/i18n/message";
import { publicErrorOf } from "../../lib/i18n/patient-errors";
import { answerField, fieldIssueOf, type FieldKey } from "./form-steps";

export interface SendFailure {
  /** The message over the send button, and the server's messages no field shows. */
  title: Message;
  /** The reason after 「送信できませんでした。」, absent for a title that says it all. */
  reason?: Message;
  details: Message[];
  /** The messages under the fields the server named; absent when the fields are not at fault (429). */
  errors?: Record<FieldKey, Message>;
}

/** What the form shows when a send fails: the server's messages, each under its field where the form has it. */
export function sendFailureOf(error: unknown, fields: readonly FieldKey[]): SendFailure {
  const status = apiErrorStatus(error);
  if (status === 429) return { title: message("errors.tooMany"), details: [] };
  if (apiErrorCode(error) === ErrorCode.ReturnDateAfterUsable) {
    // The photo's code was read on sending: the day is past its last usable day. Pick again.
    const said = messageOr("errors.returnDateAfterUsable", apiErrorMessage(error));
    return { title: said, details: [], errors: { [answerField("returnDate")]: said } };
  }
  const { fieldErrors, unmatched } = matchIssuesToFields(
    apiValidationIssues(error),
    fields.map((field) => field.split(".")),
  );
  const errors: Record<FieldKey, Message> = Object.fromEntries(
    fieldErrors.map((entry) => [entry.name.join("."), fieldIssueOf(entry.name.join("."), entry.errors[0]!)]),
  );
  if (status === 413 || status === 415) errors.file = publicErrorOf(error);
  if (status === 404) return { title: message("errors.linkGone"), details: [], errors };
  return {
    title: message("errors.sendFailed"),
    reason: publicErrorOf(error),
    details: unmatched.map((issue) => messageOr("errors.invalid", issue.message)),
    errors,
  };
}
