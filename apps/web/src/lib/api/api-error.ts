import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import { businessClockOf } from "@pharmacy/contract/calendar/business-calendar";
import {
  ERROR_CODE_MESSAGES,
  ErrorCode,
  TOO_MANY_ATTEMPTS_MESSAGE,
  isErrorCode,
  lockedUntilMessage,
  SERVER_ERROR_MESSAGE,
  TOO_LARGE_MESSAGE,
} from "@pharmacy/contract/shared/errors";

export const GENERIC_ERROR_MESSAGE = ERROR_CODE_MESSAGES[ErrorCode.Generic];
export const NETWORK_ERROR_MESSAGE = "サーバーに接続できません。ネットワークを確認してください。";
export const TIMEOUT_ERROR_MESSAGE = "サーバーからの応答がありません。しばらくしてからもう一度お試しください。";
export const PARSING_ERROR_MESSAGE =
  "サーバーからの応答を読み取れませんでした。しばらくしてからもう一度お試しください。";
export const INVALID_INPUT_MESSAGE = "入力内容に誤りがあります。内容を確認してください。";
export const SESSION_EXPIRED_MESSAGE = "ログインの有効期限が切れました。もう一度ログインしてください。";
export const FORBIDDEN_MESSAGE = "この操作を行う権限がありません。";
export const NOT_FOUND_MESSAGE = "対象のデータが見つかりません。";
export const CONFLICT_MESSAGE = "ほかの操作と重なりました。画面を更新してもう一度お試しください。";
export const UNSUPPORTED_MEDIA_MESSAGE =
  "この形式のファイルには対応していません。画像（JPEG・PNG・WebP・HEIC）またはPDFを選んでください。";

function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === "object" && error !== null && "status" in error;
}

/** The catalogue errorCode of an API error, if the server sent one. */
export function apiErrorCode(error: unknown): ErrorCode | undefined {
  if (!isFetchBaseQueryError(error)) return undefined;
  const data: unknown = error.data;
  if (typeof data !== "object" || data === null || !("errorCode" in data)) return undefined;
  return isErrorCode(data.errorCode) ? data.errorCode : undefined;
}

/** HTTP status of an API error, including the status behind a body that was not JSON. */
export function apiErrorStatus(error: unknown): number | undefined {
  if (!isFetchBaseQueryError(error)) return undefined;
  if (typeof error.status === "number") return error.status;
  if (error.status === "PARSING_ERROR") return error.originalStatus;
  return undefined;
}

/**
 * The one place that turns any failed API call into the Japanese sentence shown to the user.
 * Never passes through the server's text or the raw error, so nothing English or JSON reaches the screen.
 */
/**
 * The server's own "no" to this request (a 4xx other than a timeout or a rate limit). Anything else (no
 * answer, a busy or restarting server) may go away on the next try.
 */
export function isRefusal(error: unknown): boolean {
  const status = apiErrorStatus(error);
  return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** A locked sign-in says until when (Tokyo time) when the server said it; any other 429 says to wait. */
function tooManyAttemptsMessage(data: unknown): string {
  const lockedUntil =
    typeof data === "object" && data !== null && "lockedUntil" in data
      ? Date.parse(String(data.lockedUntil))
      : Number.NaN;
  return Number.isNaN(lockedUntil)
    ? TOO_MANY_ATTEMPTS_MESSAGE
    : lockedUntilMessage(businessClockOf(new Date(lockedUntil)).time);
}

export function apiErrorMessage(error: unknown): string {
  if (!isFetchBaseQueryError(error)) return GENERIC_ERROR_MESSAGE;
  if (error.status === "FETCH_ERROR") return NETWORK_ERROR_MESSAGE;
  if (error.status === "TIMEOUT_ERROR") return TIMEOUT_ERROR_MESSAGE;
  if (error.status === "CUSTOM_ERROR") return GENERIC_ERROR_MESSAGE;

  const status = apiErrorStatus(error);
  if (status === 429) return tooManyAttemptsMessage(error.data);
  const code = apiErrorCode(error);
  if (code !== undefined) return ERROR_CODE_MESSAGES[code];
  if (error.status === "PARSING_ERROR") {
    return status !== undefined && status >= 500 ? SERVER_ERROR_MESSAGE : PARSING_ERROR_MESSAGE;
  }
  if (status === undefined) return GENERIC_ERROR_MESSAGE;
  if (status >= 500) return SERVER_ERROR_MESSAGE;
  switch (status) {
    case 400:
    case 422:
      return INVALID_INPUT_MESSAGE;
    case 401:
      return SESSION_EXPIRED_MESSAGE;
    case 403:
      return FORBIDDEN_MESSAGE;
    case 404:
      return NOT_FOUND_MESSAGE;
    case 409:
      return CONFLICT_MESSAGE;
    case 413:
      return TOO_LARGE_MESSAGE;
    case 415:
      return UNSUPPORTED_MEDIA_MESSAGE;
    default:
      return GENERIC_ERROR_MESSAGE;
  }
}
