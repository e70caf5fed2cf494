/** The base32 secret in groups of four, as authenticator apps' "enter a key" screens are typed from. */
export function groupedKey(secret: string): string {
  return (
    secret
      .replace(/\s+/g, "")
      .toUpperCase()
      .match(/.{1,4}/g)
      ?.join(" ") ?? ""
  );
}
