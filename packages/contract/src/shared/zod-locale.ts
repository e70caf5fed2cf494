import * as z from "./zod.js";
import ja from "zod/v4/locales/ja.js";

/** Zod's own messages (for the rules that carry no message of ours) in Japanese; call once at start. */
export function setJapaneseValidationMessages(): void {
  z.config(ja());
}
