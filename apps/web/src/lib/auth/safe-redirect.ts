/** Only same-site paths may be used as the post-login target; "//host" and absolute URLs are dropped. */
export function safeRedirectPath(value: string | undefined): string | undefined {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  return value;
}
