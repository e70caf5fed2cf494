import { IntlMessageFormat } from "intl-messageformat";
import { CATALOG_LOADERS } from "./catalog-loaders";
import { ja, type Catalog } from "./catalogs/ja";
import { DEFAULT_LANGUAGE, isLanguageTag, languageFromBrowser, type LanguageTag } from "./languages";
import type { MessageValues, PatientKey } from "./message";
import { setRequestLanguage } from "./request-language";

/**
 * The patient pages' language and messages: Japanese from the start, another catalog added when chosen;
 * ICU MessageFormat by intl-messageformat, each message parsed once per language. Components read it
 * through `usePatientText` (re-rendered on a change). In place of i18next and react-i18next, which
 * measured 115.2 KB of gzipped JavaScript up front with the rest of the patient entry, over its 100 KB
 * budget (i18next alone 16.1 KB); this does what the pages need in well under 1 KB.
 */
const STORAGE_KEY = "patient_language";

const catalogs = new Map<LanguageTag, Catalog>([[DEFAULT_LANGUAGE, ja]]);
const parsed = new Map<string, IntlMessageFormat>();
const listeners = new Set<() => void>();
let current: LanguageTag = DEFAULT_LANGUAGE;

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node : undefined;
}

/** A message in a language (Japanese where that catalog lacks it), its placeholders filled. */
export function translate(language: LanguageTag, key: PatientKey, values?: MessageValues): string {
  const own = catalogs.get(language);
  const text = (own && lookup(own, key)) ?? lookup(ja, key) ?? key;
  const id = `${language}\u0000${text}`;
  let format = parsed.get(id);
  if (!format) {
    // Tags are text here: a message never holds markup.
    format = new IntlMessageFormat(text, language, undefined, { ignoreTag: true });
    parsed.set(id, format);
  }
  return String(format.format(values));
}

export const currentLanguage = (): LanguageTag => current;

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a language's messages are here (Japanese always; another once chosen). */
export const hasCatalog = (tag: LanguageTag): boolean => catalogs.has(tag);

/** The language kept on this device, if one was chosen here. */
export function storedLanguage(storage: Pick<Storage, "getItem"> = localStorage): LanguageTag | undefined {
  try {
    const kept = storage.getItem(STORAGE_KEY);
    return isLanguageTag(kept) ? kept : undefined;
  } catch {
    return undefined;
  }
}

function storeLanguage(tag: LanguageTag): void {
  try {
    localStorage.setItem(STORAGE_KEY, tag);
  } catch {
    // Private mode or a full storage: the choice holds for this page only.
  }
}

/** The language a patient page opens in: the one chosen on this device, else the browser's first we speak. */
export function initialLanguage(): LanguageTag {
  return storedLanguage() ?? languageFromBrowser(typeof navigator === "undefined" ? [] : navigator.languages);
}

/** Loads a language's messages (once) and shows the page in it: `<html lang>`, API calls and texts. */
export async function showLanguage(tag: LanguageTag): Promise<void> {
  if (!catalogs.has(tag) && tag !== "ja") {
    const catalog = await CATALOG_LOADERS[tag]();
    catalogs.set(tag, catalog.default);
  }
  setRequestLanguage(tag);
  document.documentElement.lang = tag;
  current = tag;
  for (const listener of listeners) listener();
}

/** The patient's choice in the switch: shown now and kept on this device. */
export async function chooseLanguage(tag: LanguageTag): Promise<void> {
  storeLanguage(tag);
  await showLanguage(tag);
}
