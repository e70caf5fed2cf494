import i18next from "i18next";
import { CATALOG_LOADERS } from "./catalog-loaders";
import { ja } from "./catalogs/ja";
import { icuFormat } from "./icu-format";
import { DEFAULT_LANGUAGE, isLanguageTag, languageFromBrowser, type LanguageTag } from "./languages";
import { setRequestLanguage } from "./request-language";

/**
 * The patient pages' one i18next (ICU messages, typed keys): Japanese from the start, another language
 * added when chosen. The choice is the device's (localStorage), else the browser's languages.
 */
const NAMESPACE = "patient";
const STORAGE_KEY = "patient_language";

export const patientI18n = i18next.createInstance();

void patientI18n.use(icuFormat).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: [NAMESPACE],
  defaultNS: NAMESPACE,
  resources: { ja: { [NAMESPACE]: ja } },
  // Resources are in memory: init runs at once, so the first render already has Japanese.
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

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
  if (tag !== "ja" && !patientI18n.hasResourceBundle(tag, NAMESPACE)) {
    const catalog = await CATALOG_LOADERS[tag]();
    patientI18n.addResourceBundle(tag, NAMESPACE, catalog.default);
  }
  setRequestLanguage(tag);
  document.documentElement.lang = tag;
  await patientI18n.changeLanguage(tag);
}

/** The patient's choice in the switcher: shown now and kept on this device. */
export async function chooseLanguage(tag: LanguageTag): Promise<void> {
  storeLanguage(tag);
  await showLanguage(tag);
}
