import * as z from "./zod.js";

/**
 * The languages a patient may read the pages and notices in (docs/rules.md#every-patient), each with its
 * name in itself (the language switch) and in Japanese (the tag staff see on a reception). やさしい日本語 has no
 * registered BCP 47 subtag: it is Japanese with the private-use extension `x-easy`.
 */
export const PATIENT_LANGUAGES = [
  { tag: "ja", nativeName: "日本語", japaneseName: "日本語" },
  { tag: "ja-x-easy", nativeName: "やさしい日本語", japaneseName: "やさしい日本語" },
  { tag: "en", nativeName: "English", japaneseName: "英語" },
  { tag: "zh-Hans", nativeName: "简体中文", japaneseName: "中国語（簡体字）" },
  { tag: "zh-Hant", nativeName: "繁體中文", japaneseName: "中国語（繁体字）" },
  { tag: "ko", nativeName: "한국어", japaneseName: "韓国語" },
  { tag: "vi", nativeName: "Tiếng Việt", japaneseName: "ベトナム語" },
  { tag: "fil", nativeName: "Tagalog", japaneseName: "タガログ語" },
  { tag: "ne", nativeName: "नेपाली", japaneseName: "ネパール語" },
  { tag: "pt-BR", nativeName: "Português", japaneseName: "ポルトガル語" },
  { tag: "es", nativeName: "Español", japaneseName: "スペイン語" },
  { tag: "id", nativeName: "Bahasa Indonesia", japaneseName: "インドネシア語" },
  { tag: "th", nativeName: "ภาษาไทย", japaneseName: "タイ語" },
] as const;

export type PatientLanguage = (typeof PATIENT_LANGUAGES)[number]["tag"];

const TAGS = PATIENT_LANGUAGES.map((language) => language.tag) as [PatientLanguage, ...PatientLanguage[]];
export const PatientLanguageSchema = z.enum(TAGS);

/** What a reception made without a known language (a paper one staff entered, an old one) is read in. */
export const DEFAULT_PATIENT_LANGUAGE: PatientLanguage = "ja";

/** 「英語」: the language's name on the staff screens. */
export function japaneseNameOf(language: PatientLanguage): string {
  return PATIENT_LANGUAGES.find((entry) => entry.tag === language)!.japaneseName;
}

/** Written Chinese goes by script: these regions read Traditional characters when the tag names no script. */
const TRADITIONAL_CHINESE_REGIONS = new Set(["tw", "hk", "mo"]);
/** Old or other names of a supported language: Tagalog is read as Filipino, `in` is Indonesian's withdrawn code. */
const PRIMARY_ALIASES: Readonly<Record<string, PatientLanguage>> = { tl: "fil", in: "id", pt: "pt-BR" };

/** The supported language one BCP 47 tag asks for, if any (`en-GB` → en, `zh-TW` → zh-Hant, `pt-PT` → pt-BR). */
export function supportedLanguageOf(tag: string): PatientLanguage | undefined {
  const lower = tag.trim().toLowerCase();
  const exact = TAGS.find((supported) => supported.toLowerCase() === lower);
  if (exact) return exact;
  const [primary, ...rest] = lower.split(/[-_]/);
  if (!primary || !/^[a-z]{2,3}$/.test(primary)) return undefined;
  if (primary === "zh") {
    if (rest.includes("hant")) return "zh-Hant";
    if (rest.includes("hans")) return "zh-Hans";
    return rest.some((subtag) => TRADITIONAL_CHINESE_REGIONS.has(subtag)) ? "zh-Hant" : "zh-Hans";
  }
  // "ja-JP" and the like are plain Japanese; only the exact private-use tag above is やさしい日本語
  return PRIMARY_ALIASES[primary] ?? TAGS.find((supported) => supported === primary);
}

/** Entries read from one Accept-Language header at most: a longer list is someone's noise. */
const MAX_ACCEPTED_ENTRIES = 32;

/**
 * The closest supported language to a browser's preferences, best first (`navigator.languages`), or
 * Japanese when none is supported.
 */
export function closestPatientLanguage(preferred: readonly string[]): PatientLanguage {
  for (const tag of preferred) {
    const supported = supportedLanguageOf(tag);
    if (supported) return supported;
  }
  return DEFAULT_PATIENT_LANGUAGE;
}

/**
 * An Accept-Language header (RFC 9110: `vi, en;q=0.8, *;q=0.1`) read as preferences, highest weight first
 * and in the header's order among equals; entries weighted 0 or malformed are left out, never an error.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; weight: number; order: number }[] = [];
  for (const [order, part] of header.split(",").slice(0, MAX_ACCEPTED_ENTRIES).entries()) {
    const [rawTag = "", ...params] = part.split(";");
    const tag = rawTag.trim();
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    const q = params.find((param) => /^\s*q\s*=/i.test(param));
    const weight = q === undefined ? 1 : weightOf(q);
    if (weight !== undefined && weight > 0) entries.push({ tag, weight, order });
  }
  return entries.sort((a, b) => b.weight - a.weight || a.order - b.order).map((entry) => entry.tag);
}

/** A `q=0.8` parameter's weight (0 to 1, three decimals at most); undefined when it is not one. */
function weightOf(param: string): number | undefined {
  const match = /^\s*q\s*=\s*(0(\.\d{0,3})?|1(\.0{0,3})?)\s*$/i.exec(param);
  return match ? Number(match[1]) : undefined;
}

/** The patient's language as an API request's Accept-Language header gives it. */
export function patientLanguageOfHeader(header: string | undefined): PatientLanguage {
  return closestPatientLanguage(acceptedLanguages(header));
}
