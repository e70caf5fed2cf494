import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";

const REMEMBERED_QUERIES = 64;

type Validation = { value: unknown; error?: undefined } | { value?: undefined; error: Error };

/**
 * The zod validator of a route polled with the same few query strings (the day list): a query that
 * passed is remembered with its parsed value (frozen, since requests share it), so the next call with
 * the same query skips zod. Only for schemas whose answer depends on the query alone (no clock, no
 * refinement reading anything else). A failing query is checked every time, so it fills nothing.
 */
export function rememberingQueryValidator<Schema>(): FastifySchemaCompiler<Schema> {
  return (route) => {
    const validate = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]) as (
      data: unknown,
    ) => Validation;
    if (route.httpPart !== "querystring") return validate;
    const passed = new Map<string, Validation>();
    return (data: unknown) => {
      const key = JSON.stringify(data);
      const known = passed.get(key);
      if (known) return known;
      const result = validate(data);
      if (result.error === undefined) {
        if (passed.size >= REMEMBERED_QUERIES) passed.clear();
        passed.set(key, { value: Object.freeze(result.value) });
      }
      return result;
    };
  };
}
