import type { PatientLanguage } from "@pharmacy/contract/shared/languages";
import type { IntlShape } from "@formatjs/intl";
import type { Catalog, MessageKey } from "./catalogs/ja.js";

export type { MessageKey } from "./catalogs/ja.js";

/** A patient's day and time are Tokyo's, whatever language they read (docs/rules.md#every-patient). */
const TIME_ZONE = "Asia/Tokyo";

/** One import per language, made the first time a notice in it goes out: start-up loads no catalog. */
const CATALOGS: Record<PatientLanguage, () => Promise<{ messages: Catalog }>> = {
  ja: () => import("./catalogs/ja.js"),
  "ja-x-easy": () => import("./catalogs/ja-x-easy.js"),
  en: () => import("./catalogs/en.js"),
  "zh-Hans": () => import("./catalogs/zh-Hans.js"),
  "zh-Hant": () => import("./catalogs/zh-Hant.js"),
  ko: () => import("./catalogs/ko.js"),
  vi: () => import("./catalogs/vi.js"),
  fil: () => import("./catalogs/fil.js"),
  ne: () => import("./catalogs/ne.js"),
  "pt-BR": () => import("./catalogs/pt-BR.js"),
  es: () => import("./catalogs/es.js"),
  id: () => import("./catalogs/id.js"),
  th: () => import("./catalogs/th.js"),
};

export type MessageValues = Record<string, string | number | Date>;

/** The notices' words in one language. */
export interface PatientText {
  readonly language: PatientLanguage;
  t(key: MessageKey, values?: MessageValues): string;
}

const loaded = new Map<PatientLanguage, Promise<PatientText>>();

/** The language's messages, loaded once per process. */
export function patientText(language: PatientLanguage): Promise<PatientText> {
  let text = loaded.get(language);
  if (!text) {
    text = load(language);
    loaded.set(language, text);
    // a failed load is tried again by the next notice
    text.catch(() => loaded.delete(language));
  }
  return text;
}

async function load(language: PatientLanguage): Promise<PatientText> {
  const [{ createIntl }, { messages }] = await Promise.all([import("@formatjs/intl"), CATALOGS[language]()]);
  const intl: IntlShape<string> = createIntl({
    locale: language,
    timeZone: TIME_ZONE,
    messages,
    onError: (error) => {
      throw error;
    },
  });
  return {
    language,
    // the texts are plain (mails, push, LINE): `<` is a character, not a rich-text tag
    t: (key, values) => intl.formatMessage({ id: key }, { ...values }, { ignoreTag: true }),
  };
}

/** A business day ("2026-11-26") as the instant ICU's `date` formats: noon in Tokyo, that day in any language. */
export function businessDay(date: string): Date {
  return new Date(`${date}T12:00:00+09:00`);
}
