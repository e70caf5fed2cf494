import { z } from "zod";

// The router JSON-parses each query value, so `?receptionId=12` arrives as the number 12.
const optionalString = z
  .union([z.string(), z.number().transform(String)])
  .optional()
  .catch(undefined);

/** `?showDates=true` (parsed to true) or the string "true"; anything else ("yes", "on", "1"), or nothing, is false. */
const booleanFlag = z
  .union([z.boolean(), z.literal("true").transform(() => true)])
  .default(false)
  .catch(false);

export const LoginSearchSchema = z.object({
  email: optionalString,
  /** Where to go after signing in: the protected page that sent the visitor here. */
  redirect: optionalString,
});

export const SignUpSearchSchema = z.object({
  email: optionalString,
  /** "confirm" opens the 6-digit code step directly (after sign-up, or for an unconfirmed account). */
  step: z.enum(["confirm"]).optional().catch(undefined),
});

export const ForgotPasswordSearchSchema = z.object({
  email: optionalString,
  /** "reset": the code was sent, enter it with the new password. */
  step: z.enum(["reset"]).optional().catch(undefined),
});

export const AcceptInvitationSearchSchema = z.object({
  /** The invitation mail's single-use token. */
  token: optionalString,
});

export const ReceptionSearchSchema = z.object({
  receptionId: optionalString,
  showDates: booleanFlag,
  date: optionalString,
});

export const RECEPTION_SEARCH_DEFAULTS = { showDates: false } as const;

/** `/reports?from=YYYY-MM-DD&to=YYYY-MM-DD`; the page checks the period and falls back to this month. */
export const ReportSearchSchema = z.object({
  from: optionalString,
  to: optionalString,
});

/** `/follow-ups?tab=next&followUpId=…`: the worklist (default) or the coming refill and split dispensings, and the opened follow-up. */
export const FollowUpSearchSchema = z.object({
  tab: z.enum(["today", "next"]).default("today").catch("today"),
  followUpId: optionalString,
});

export const FOLLOW_UP_SEARCH_DEFAULTS = { tab: "today" } as const;
