import type { FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from "@reduxjs/toolkit/query";
import { z } from "zod";

/**
 * What an endpoint says its answer is: the contract's schema, which the one base query parses it
 * with, or a body that is not JSON to check ("file": a Blob, "text": HTML, "none": nothing read).
 */
export type ResponseShape = z.ZodType | "file" | "text" | "none";

/** Every endpoint's `extraOptions`. */
export interface ApiExtraOptions {
  response?: ResponseShape;
}

/** An endpoint's `extraOptions`: its answer must be `response`. */
export function responds(response: ResponseShape): ApiExtraOptions {
  return { response };
}

type Result = QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta | undefined>;

/**
 * A successful answer checked against its endpoint's shape. One that does not match (or an endpoint
 * that declares none) becomes an error the screen words in Japanese (`api-error.ts`: the answer could
 * not be read), and is logged for whoever looks at the console; it never reaches a component.
 */
export function checkedResponse(result: Result, endpoint: string, shape: ResponseShape | undefined): Result {
  if (result.error || typeof shape === "string") return result;
  const parsed = shape?.safeParse(result.data);
  if (parsed?.success) return { data: parsed.data, meta: result.meta };
  const problem = parsed ? z.prettifyError(parsed.error) : "no response shape declared";
  console.error(`${endpoint}: the answer is not the contract's shape\n${problem}`);
  return {
    error: {
      status: "PARSING_ERROR",
      originalStatus: result.meta?.response?.status ?? 200,
      data: JSON.stringify(result.data) ?? "",
      error: problem,
    },
    meta: result.meta,
  };
}
