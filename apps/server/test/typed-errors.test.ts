import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { ERROR_CODE_MESSAGES, ErrorCode } from "@pharmacy/contract/shared/errors";
import { registerErrorHandler } from "../src/lib/error-handler.js";
import { ForbiddenError } from "../src/lib/errors.js";

describe("typed errors", () => {
  it("answers a ForbiddenError with 403, errorCode 1012 and its Japanese message", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get("/forbidden", async () => {
      throw new ForbiddenError();
    });
    const response = await app.inject({ method: "GET", url: "/forbidden" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errorCode: 1012, message: "この操作を行う権限がありません。" });
    expect(ERROR_CODE_MESSAGES[ErrorCode.Forbidden]).toBe("この操作を行う権限がありません。");
    await app.close();
  });
});
