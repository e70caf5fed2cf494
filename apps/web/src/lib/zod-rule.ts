import type { FormRule } from "antd";
import type { z } from "zod";

/**
 * An antd Form rule that runs a contract field schema and shows its (Japanese) message, so the form
 * checks exactly what the server will check.
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      // An emptied input is "" but the schemas word "nothing entered" on a missing value.
      const result = schema.safeParse(value === "" ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}
