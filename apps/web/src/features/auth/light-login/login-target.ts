import { safeRedirectPath } from "../../../lib/auth/safe-redirect";

/** What the URL asks of the login page: a known e-mail to fill in, and where to go once signed in. */
export function readLoginSearch(search: string): { email?: string; target: string } {
  const params = new URLSearchParams(search);
  return {
    email: params.get("email") || undefined,
    target: safeRedirectPath(params.get("redirect") ?? undefined) ?? "/",
  };
}
