import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { isLanguageTag, DEFAULT_LANGUAGE, type LanguageTag } from "./languages";
import type { Message } from "./message";
import { patientI18n } from "./patient-i18n";
import { withoutRuby, withRuby } from "./ruby";

export type PatientKey = ParseKeys<"patient">;
export type MessageValues = Record<string, string | number>;

export interface PatientText {
  /** The message as a string (for titles and labels): furigana left out. */
  t: (key: PatientKey, values?: MessageValues) => string;
  /** The message for the screen, furigana as <ruby>. */
  r: (key: PatientKey, values?: MessageValues) => ReactNode;
  /** A rule's message (`message.ts`), for the screen. */
  m: (message: Message) => ReactNode;
  /** A rule's message as a string. */
  mText: (message: Message) => string;
  language: LanguageTag;
}

/** The patient pages' words in the chosen language; a component re-renders when it changes. */
export function usePatientText(): PatientText {
  const { t, i18n } = useTranslation("patient", { i18n: patientI18n });
  const message = (key: PatientKey, values?: MessageValues) => String(t(key, values));
  const language = isLanguageTag(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return {
    t: (key, values) => withoutRuby(message(key, values)),
    r: (key, values) => withRuby(message(key, values)),
    m: (said) =>
      withRuby(said.japanese !== undefined && language === "ja" ? said.japanese : message(said.key, said.values)),
    mText: (said) =>
      withoutRuby(said.japanese !== undefined && language === "ja" ? said.japanese : message(said.key, said.values)),
    language,
  };
}
