import { acceptLanguageOf, DEFAULT_LANGUAGE, type LanguageTag } from "./languages";

/**
 * The language the patient chose, as every API call of the patient pages and the kiosk sends it
 * (`Accept-Language`): the server keeps it on the reception and writes its notices in it. Kept apart
 * from i18next so the plain fetch and the staff app's base query read it without loading the catalogs.
 */
let current: LanguageTag = DEFAULT_LANGUAGE;

export function setRequestLanguage(tag: LanguageTag): void {
  current = tag;
}

export function requestLanguageHeader(): { "accept-language": string } {
  return { "accept-language": acceptLanguageOf(current) };
}
