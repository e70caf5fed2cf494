import { TOTP } from "otpauth";

/** The authenticator app's current code for that secret, made with the server's own TOTP library. */
export function totpNow(secret: string): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" }).generate();
}
