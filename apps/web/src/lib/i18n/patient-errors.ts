import { ErrorCode, MAX_IMAGE_PIXELS } from "@pharmacy/contract/shared/errors";
import { apiErrorCode, apiErrorStatus } from "../api/api-error";
import { message, type Message } from "./message";

/**
 * A failed call in the patient's words: the contract's `errorCode` or the HTTP status, never the
 * server's Japanese `message` (the staff app's `apiErrorMessage` says the same in Japanese).
 */
const CODE_MESSAGES: Partial<Record<ErrorCode, Message>> = {
  [ErrorCode.ReturnDateAfterUsable]: message("errors.returnDateAfterUsable"),
  [ErrorCode.ImageTooLarge]: message("errors.imageTooLarge", { pixels: MAX_IMAGE_PIXELS }),
  [ErrorCode.FollowUpAnswered]: message("errors.followUpAnswered"),
  [ErrorCode.FollowUpLinkExpired]: message("errors.followUpLinkExpired"),
  [ErrorCode.PhotoConsentRequired]: message("consent.photoRequired"),
};

const STATUS_MESSAGES: Readonly<Record<number, Message>> = {
  400: message("errors.invalid"),
  404: message("errors.notFound"),
  409: message("errors.conflict"),
  413: message("errors.tooLarge"),
  415: message("errors.unsupportedFile"),
  422: message("errors.invalid"),
  429: message("errors.tooMany"),
};

export function publicErrorOf(error: unknown): Message {
  const kind = typeof error === "object" && error !== null && "status" in error ? error.status : undefined;
  if (kind === "FETCH_ERROR") return message("errors.network");
  if (kind === "TIMEOUT_ERROR") return message("errors.timeout");
  const status = apiErrorStatus(error);
  if (status === 429) return message("errors.tooMany");
  const code = apiErrorCode(error);
  const coded = code === undefined ? undefined : CODE_MESSAGES[code];
  if (coded) return coded;
  if (status !== undefined && status >= 500) return message("errors.server");
  if (kind === "PARSING_ERROR") return message("errors.parsing");
  return (status !== undefined && STATUS_MESSAGES[status]) || message("errors.generic");
}
