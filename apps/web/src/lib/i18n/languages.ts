import {
  closestPatientLanguage,
  DEFAULT_PATIENT_LANGUAGE,
  PATIENT_LANGUAGES,
  type PatientLanguage,
} from "@pharmacy/contract/shared/languages";

/**
 * The languages every patient page speaks (docs: apps/web README "Languages"), each named in itself for
 * the switcher: the contract's list, which the server also keeps a reception's language in.
 */
export const LANGUAGES = PATIENT_LANGUAGES;

export type LanguageTag = PatientLanguage;

export const DEFAULT_LANGUAGE: LanguageTag = DEFAULT_PATIENT_LANGUAGE;

export function isLanguageTag(value: unknown): value is LanguageTag {
  return LANGUAGES.some((language) => language.tag === value);
}

/** Whether a language is a form of Japanese (its dates keep the app's Japanese formats). */
export const isJapanese = (tag: LanguageTag): boolean => tag === "ja" || tag === "ja-x-easy";

/**
 * The `Accept-Language` of every patient call: the chosen tag, and for やさしい日本語 Japanese after it, so
 * a server that does not know the private-use tag still answers in Japanese.
 */
export function acceptLanguageOf(tag: LanguageTag): string {
  return tag === "ja-x-easy" ? "ja-x-easy, ja;q=0.9" : tag;
}

/** The first of the browser's languages (`navigator.languages`, in its order) that we speak; else Japanese. */
export const languageFromBrowser = (requested: readonly string[]): LanguageTag => closestPatientLanguage(requested);
