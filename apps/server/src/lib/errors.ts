import {
  ERROR_CODE_MESSAGES,
  ErrorCode,
  lockedUntilMessage,
  type ValidationIssue,
} from "@pharmacy/contract/shared/errors";
import { businessClockOf } from "@pharmacy/contract/calendar/business-calendar";
import type { ZodError } from "zod";

/** A failure the client is meant to see: its status, message and optional errorCode are sent as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorCode?: ErrorCode,
  ) {
    super(message);
  }
}

export class AuthError extends AppError {
  constructor(errorCode: ErrorCode, statusCode = 400) {
    super(statusCode, ERROR_CODE_MESSAGES[errorCode], errorCode);
  }
}

export class NotFoundError extends AppError {
  constructor(message = "見つかりません。") {
    super(404, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = "ログインが必要です。") {
    super(401, message, ErrorCode.Generic);
  }
}

/** Understood, but the resource is not in a state that allows it (「呼び出す」 on an unfinished reception): 409. */
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/** Signed in, but this account may not do this. */
export class ForbiddenError extends AppError {
  constructor() {
    super(403, ERROR_CODE_MESSAGES[ErrorCode.Forbidden], ErrorCode.Forbidden);
  }
}

/** Bad input found past schema validation (multipart fields, a mismatch between fields): 400 with issues. */
export class InvalidInputError extends AppError {
  constructor(readonly issues: ValidationIssue[]) {
    super(400, "入力内容に誤りがあります。");
  }

  static of(message: string, path: (string | number)[] = []): InvalidInputError {
    return new InvalidInputError([{ path, message, code: "invalid_input" }]);
  }

  /** Every issue of a zod error, their paths under `prefix`. */
  static fromZod(error: ZodError, prefix: string[] = []): InvalidInputError {
    return new InvalidInputError(
      error.issues.map((issue) => ({
        path: [...prefix, ...issue.path.map(String)],
        message: issue.message,
        code: issue.code,
      })),
    );
  }
}

/** An account or address locked after failed attempts: 429 saying when it opens, with Retry-After. */
export class TooManyAttemptsError extends AppError {
  readonly retryAfterSeconds: number;
  /** The minute it opens, as the message says it. */
  readonly lockedUntil: Date;

  /** `message` words the lock from its end, rounded up to the minute (by default "HH:MM以降に…"). */
  constructor(
    until: Date,
    now: Date,
    message: (nextMinute: Date) => string = (nextMinute) => lockedUntilMessage(businessClockOf(nextMinute).time),
  ) {
    const nextMinute = new Date(Math.ceil(until.getTime() / 60_000) * 60_000);
    super(429, message(nextMinute), ErrorCode.Generic);
    this.lockedUntil = nextMinute;
    this.retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  }
}
