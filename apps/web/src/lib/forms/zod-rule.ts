import type { FormRule } from "antd";
import type { z } from "zod";
import { fieldMessage } from "./field-message";

/**
 * An antd Form rule that runs a contract field schema and shows its (Japanese) message, so the form
 * checks exactly what the server will check.
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const message = fieldMessage(schema, value);
      if (message !== undefined) throw new Error(message);
    },
  };
}
