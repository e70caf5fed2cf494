/**
 * The languages every patient page speaks (docs: apps/web README "Languages"), each named in itself for
 * the switcher. Tags are BCP 47: やさしい日本語 has no registered subtag, so it is Japanese with the
 * private-use subtag `x-easy`; it formats dates and numbers as Japanese does.
 */
export const LANGUAGES = [
  { tag: "ja", nativeName: "日本語" },
  { tag: "ja-x-easy", nativeName: "やさしい日本語" },
  { tag: "en", nativeName: "English" },
  { tag: "zh-Hans", nativeName: "简体中文" },
  { tag: "zh-Hant", nativeName: "繁體中文" },
  { tag: "ko", nativeName: "한국어" },
  { tag: "vi", nativeName: "Tiếng Việt" },
  { tag: "fil", nativeName: "Tagalog" },
  { tag: "ne", nativeName: "नेपाली" },
  { tag: "pt-BR", nativeName: "Português" },
  { tag: "es", nativeName: "Español" },
  { tag: "id", nativeName: "Bahasa Indonesia" },
  { tag: "th", nativeName: "ภาษาไทย" },
] as const;

export type LanguageTag = (typeof LANGUAGES)[number]["tag"];

export const DEFAULT_LANGUAGE: LanguageTag = "ja";

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

/** Browser tags that name one of ours by another spelling (region or script implied). */
const ALIASES: Readonly<Record<string, LanguageTag>> = {
  zh: "zh-Hans",
  "zh-cn": "zh-Hans",
  "zh-sg": "zh-Hans",
  "zh-my": "zh-Hans",
  "zh-tw": "zh-Hant",
  "zh-hk": "zh-Hant",
  "zh-mo": "zh-Hant",
  tl: "fil",
  pt: "pt-BR",
  in: "id",
};

/** One browser tag as ours: exact (any case), an alias, else by its language alone (en-US → en). */
function matchOne(requested: string): LanguageTag | undefined {
  const lower = requested.toLowerCase();
  const exact = LANGUAGES.find((language) => language.tag.toLowerCase() === lower);
  if (exact) return exact.tag;
  const parts = lower.split("-");
  for (let length = parts.length; length > 0; length--) {
    const prefix = parts.slice(0, length).join("-");
    const alias = ALIASES[prefix];
    if (alias) return alias;
    const same = LANGUAGES.find((language) => language.tag.toLowerCase() === prefix);
    if (same) return same.tag;
  }
  return undefined;
}

/** The first of the browser's languages (`navigator.languages`, in its order) that we speak; else Japanese. */
export function languageFromBrowser(requested: readonly string[]): LanguageTag {
  for (const tag of requested) {
    const matched = matchOne(tag);
    if (matched) return matched;
  }
  return DEFAULT_LANGUAGE;
}
