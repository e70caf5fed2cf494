import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  SERVER_ERROR_MESSAGE,
  TOO_LARGE_MESSAGE,
  type ErrorResponse,
} from "@pharmacy/contract/shared/errors";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import { drainRefusedBody } from "./drain-refused-body.js";
import { AppError, InvalidInputError, TooManyAttemptsError } from "./errors.js";

const INVALID_INPUT_MESSAGE = "入力内容に誤りがあります。";
/** The pool reconnects on the next call; a restart of PostgreSQL takes a few seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** One place that turns any thrown error into `{ errorCode?, message, issues? }`; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    // refused before its body was read to the end (an upload over a limit): the client must read the
    // answer, so the rest is read and dropped before closing; a body cut off for being slow is just closed
    if (!request.raw.complete && reply.getHeader("connection") !== "close") drainRefusedBody(request, reply);
    if (error instanceof AppError) {
      // a 5xx of our own (the photo bucket down): the client reads the message, the log keeps the cause
      if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
      const body: ErrorResponse = { message: error.message };
      if (error.errorCode !== undefined) body.errorCode = error.errorCode;
      if (error instanceof InvalidInputError) body.issues = error.issues;
      if (error instanceof TooManyAttemptsError) {
        body.lockedUntil = error.lockedUntil.toISOString();
        void reply.header("Retry-After", String(error.retryAfterSeconds));
      }
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((entry) => {
        const path = entry.instancePath.split("/").filter(Boolean);
        // zod reports unknown fields on their parent: name the field itself
        const unknownKeys = (entry.params as { keys?: string[] }).keys;
        if (entry.keyword === "unrecognized_keys" && unknownKeys?.[0]) path.push(unknownKeys[0]);
        const message =
          entry.keyword === "unrecognized_keys" ? "不明な項目があります" : (entry.message ?? INVALID_INPUT_MESSAGE);
        return { path, message, code: entry.keyword };
      });
      return reply.status(400).send({ message: INVALID_INPUT_MESSAGE, issues } satisfies ErrorResponse);
    }
    const status = error.statusCode ?? 500;
    if (status === 400 && error.code?.startsWith("FST_ERR_CTP_")) {
      const issues = [{ path: [], message: "リクエストの本文がJSONとして正しくありません。", code: "invalid_json" }];
      return reply.status(400).send({ message: INVALID_INPUT_MESSAGE, issues } satisfies ErrorResponse);
    }
    if (status < 500) {
      request.log.info({ code: error.code, status }, "request rejected");
      return reply.status(status).send({ message: clientMessage(status) } satisfies ErrorResponse);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE } satisfies ErrorResponse);
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ message: clientMessage(500) } satisfies ErrorResponse);
  });
}

/** Errors Fastify answers before any route runs (a bad %-escape in the path): the API's shape too. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code }, "request rejected");
  const issues = [{ path: [], message: "URLが正しくありません。", code: "invalid_url" }];
  void reply.status(400).send({ message: INVALID_INPUT_MESSAGE, issues } satisfies ErrorResponse);
}

function clientMessage(status: number): string {
  if (status === 413) return TOO_LARGE_MESSAGE;
  if (status === 415) return "この形式には対応していません。";
  if (status === 429) return "リクエストが多すぎます。しばらくしてからもう一度お試しください。";
  if (status === 400) return INVALID_INPUT_MESSAGE;
  if (status < 500) return "リクエストを処理できませんでした。";
  return SERVER_ERROR_MESSAGE;
}
