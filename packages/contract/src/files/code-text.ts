/**
 * What a 2D code holds is arbitrary bytes: a printer's bug, a damaged symbol or a code that is not
 * ours may carry NUL and other control characters (a JSON column cannot hold `\u0000`) or run to
 * absurd lengths. Every code text goes through here before it is parsed or stored.
 */

/** A payload longer than this is cut: 16 symbols of the largest QR hold under 48,000 bytes. */
export const MAX_CODE_TEXT = 48_000;
/** One field of a record longer than this is cut (a drug name is at most 100 characters in JAHIS). */
export const MAX_CODE_FIELD = 200;

// C0 controls but tab, CR and LF; DEL and C1 controls; lone surrogates (never valid in JSON text).
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- matching control characters is this expression's job
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without the characters that cannot be stored or shown, and at most `max` long. */
export function safeCodeText(text: string, max = MAX_CODE_TEXT): string {
  return text.slice(0, max).replace(UNSAFE, "");
}
