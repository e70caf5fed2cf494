import {
  ERROR_CODE_MESSAGES,
  ErrorCode,
  SERVER_ERROR_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from "@pharmacy/contract/shared/errors";
import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import { describe, expect, it } from "vitest";
import {
  GENERIC_ERROR_MESSAGE,
  INVALID_INPUT_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  PARSING_ERROR_MESSAGE,
  TIMEOUT_ERROR_MESSAGE,
  apiErrorCode,
  apiErrorMessage,
} from "./api-error";

const httpError = (status: number, data: unknown): FetchBaseQueryError => ({ status, data });
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9faf]/;

describe("apiErrorMessage", () => {
  it.each([
    [ErrorCode.EmailTaken, 400],
    [ErrorCode.WrongCode, 400],
    [ErrorCode.CodeExpired, 400],
    [ErrorCode.WrongCredentials, 401],
    [ErrorCode.NotConfirmed, 403],
  ])("errorCode %i shows the catalogue text", (code, status) => {
    const error = httpError(status, { errorCode: code, message: "server text" });
    expect(apiErrorMessage(error)).toBe(ERROR_CODE_MESSAGES[code]);
    expect(apiErrorCode(error)).toBe(code);
  });

  it("errorCode 1000 and unknown codes show the generic message", () => {
    expect(apiErrorMessage(httpError(400, { errorCode: 1000, message: "x" }))).toBe(GENERIC_ERROR_MESSAGE);
    expect(apiErrorMessage(httpError(418, { errorCode: 4242, message: "x" }))).toBe(GENERIC_ERROR_MESSAGE);
    expect(apiErrorCode(httpError(418, { errorCode: 4242 }))).toBeUndefined();
  });

  it("a locked sign-in's 429 says until when, in Tokyo time", () => {
    const locked = httpError(429, { errorCode: 1000, message: "server text", lockedUntil: "2026-11-26T03:05:00.000Z" });
    expect(apiErrorMessage(locked)).toBe("試行回数が上限に達しました。12:05以降にもう一度お試しください。");
    expect(apiErrorMessage(httpError(429, { errorCode: 1000, message: "x", lockedUntil: "not a time" }))).toBe(
      TOO_MANY_ATTEMPTS_MESSAGE,
    );
  });

  it("429 says to wait, whatever errorCode it carries", () => {
    expect(apiErrorMessage(httpError(429, { errorCode: 1000, message: "locked" }))).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
    expect(apiErrorMessage(httpError(429, undefined))).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
  });

  it("transport failures have their own messages", () => {
    expect(apiErrorMessage({ status: "FETCH_ERROR", error: "TypeError: Failed to fetch" })).toBe(NETWORK_ERROR_MESSAGE);
    expect(NETWORK_ERROR_MESSAGE).toBe("サーバーに接続できません。ネットワークを確認してください。");
    expect(apiErrorMessage({ status: "TIMEOUT_ERROR", error: "AbortError" })).toBe(TIMEOUT_ERROR_MESSAGE);
    expect(
      apiErrorMessage({ status: "PARSING_ERROR", originalStatus: 200, data: "<html>", error: "SyntaxError" }),
    ).toBe(PARSING_ERROR_MESSAGE);
  });

  it("server failures, even with a non-JSON body, show the server message", () => {
    expect(apiErrorMessage(httpError(500, { message: "Internal Server Error" }))).toBe(SERVER_ERROR_MESSAGE);
    expect(apiErrorMessage(httpError(503, undefined))).toBe(SERVER_ERROR_MESSAGE);
    expect(
      apiErrorMessage({ status: "PARSING_ERROR", originalStatus: 502, data: "Bad Gateway", error: "SyntaxError" }),
    ).toBe(SERVER_ERROR_MESSAGE);
  });

  it("bad input without a catalogue code is worded in Japanese, not passed through", () => {
    expect(apiErrorMessage(httpError(400, { message: "Invalid input: expected string", issues: [] }))).toBe(
      INVALID_INPUT_MESSAGE,
    );
  });

  it("anything that is not an HTTP error falls back to the generic message", () => {
    expect(apiErrorMessage(undefined)).toBe(GENERIC_ERROR_MESSAGE);
    expect(apiErrorMessage({ name: "Error", message: "boom" })).toBe(GENERIC_ERROR_MESSAGE);
    expect(apiErrorMessage({ status: "CUSTOM_ERROR", error: "x" })).toBe(GENERIC_ERROR_MESSAGE);
  });

  it("every message is Japanese", () => {
    const errors: unknown[] = [
      httpError(400, {}),
      httpError(401, {}),
      httpError(403, {}),
      httpError(404, {}),
      httpError(409, {}),
      httpError(413, {}),
      httpError(415, {}),
      httpError(422, {}),
      httpError(500, {}),
      { status: "FETCH_ERROR", error: "x" },
      { status: "TIMEOUT_ERROR", error: "x" },
    ];
    for (const error of errors) expect(apiErrorMessage(error)).toMatch(JAPANESE);
  });
});
