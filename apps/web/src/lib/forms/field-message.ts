import type { z } from "zod";

/** The contract schema's (Japanese) message for a form field's value, or undefined when it is valid. */
export function fieldMessage(schema: z.ZodType, value: unknown): string | undefined {
  // An emptied input is "" but the schemas word "nothing entered" on a missing value.
  const result = schema.safeParse(value === "" ? undefined : value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? "");
}
