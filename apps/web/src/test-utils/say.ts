import type { Message } from "../lib/i18n/message";
import { withoutRuby } from "../lib/i18n/ruby";
import { translate } from "../lib/i18n/patient-i18n";

/** A rule's message as a Japanese reader sees it, for tests that check the words. */
export function sayInJapanese(said: Message | undefined): string | undefined {
  if (!said) return undefined;
  return said.japanese ?? withoutRuby(translate("ja", said.key, said.values));
}
