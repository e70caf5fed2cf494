import { z } from "zod";

function isAbsoluteAddress(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** An absolute address, or empty for the page's own origin. */
const AddressSchema = z
  .string()
  .refine((value) => value === "" || isAbsoluteAddress(value), "not an absolute address")
  .default("");

/** The build-time settings (`VITE_*`), read and checked once: a bad value stops the app at start listing what is wrong. */
const WebEnvSchema = z.object({
  /** Base address of the API. */
  VITE_API_BASE_URL: AddressSchema,
  /** Websocket address; empty means ws(s)://<page origin>/ws. */
  VITE_WS_URL: AddressSchema,
});
type WebEnv = z.infer<typeof WebEnvSchema>;

export function parseWebEnv(values: Record<string, unknown>): WebEnv {
  const result = WebEnvSchema.safeParse(values);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid build settings: ${problems.join("; ")}`);
}

export const env = parseWebEnv(import.meta.env);
