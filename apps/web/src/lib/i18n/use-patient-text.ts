import { useSyncExternalStore, type ReactNode } from "react";
import type { LanguageTag } from "./languages";
import type { Message, MessageValues, PatientKey } from "./message";
import { currentLanguage, subscribeLanguage, translate } from "./patient-i18n";
import { withoutRuby, withRuby } from "./ruby";

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
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
  const message = (key: PatientKey, values?: MessageValues) => translate(language, key, values);
  const said = (rule: Message) =>
    rule.japanese !== undefined && language === "ja" ? rule.japanese : message(rule.key, rule.values);
  return {
    t: (key, values) => withoutRuby(message(key, values)),
    r: (key, values) => withRuby(message(key, values)),
    m: (rule) => withRuby(said(rule)),
    mText: (rule) => withoutRuby(said(rule)),
    language,
  };
}
