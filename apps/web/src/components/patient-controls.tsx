import { useState } from "react";
import { setLargeText, isLargeText } from "../lib/browser/text-size";
import { LANGUAGES, isLanguageTag, type LanguageTag } from "../lib/i18n/languages";
import { chooseLanguage } from "../lib/i18n/patient-i18n";
import { usePatientText } from "../lib/i18n/use-patient-text";
import styles from "./patient-controls.module.css";

/**
 * The top of every patient page: the language (each named in itself, kept on this device) and
 * 「文字を大きく」. A language's messages load when it is chosen; the page stays in the old one meanwhile.
 */
export function PatientControls({ onLanguage = chooseLanguage }: { onLanguage?: (tag: LanguageTag) => Promise<void> }) {
  const { t, language } = usePatientText();
  const [loading, setLoading] = useState(false);
  return (
    <div className={styles.controls}>
      <label className={styles.language}>
        <span className={styles.languageLabel}>
          <svg viewBox="0 0 24 24" aria-hidden width="20" height="20">
            <path
              fill="currentColor"
              d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.4-3.6C8.9 5.5 8.4 6.7 8.1 8ZM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h3a8 8 0 0 1-4.4 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z"
            />
          </svg>
          {t("language.label")}
        </span>
        <select
          className={styles.select}
          value={language}
          disabled={loading}
          data-testid="language-select"
          onChange={(event) => {
            const tag = event.target.value;
            if (!isLanguageTag(tag)) return;
            setLoading(true);
            void onLanguage(tag).finally(() => setLoading(false));
          }}
        >
          {LANGUAGES.map((option) => (
            <option key={option.tag} value={option.tag} lang={option.tag}>
              {option.nativeName}
            </option>
          ))}
        </select>
      </label>
      <TextSizeSwitch />
    </div>
  );
}

/** 「文字を大きく」: the patient pages' and the kiosk's text at 150 %, kept on this device. */
export function TextSizeSwitch() {
  const { t } = usePatientText();
  const [large, setLarge] = useState(isLargeText);
  return (
    <button
      type="button"
      className={styles.textSize}
      aria-pressed={large}
      data-testid="text-size-switch"
      onClick={() => {
        setLargeText(!large);
        setLarge(!large);
      }}
    >
      <span aria-hidden className={styles.textSizeMark}>
        A<span>A</span>
      </span>
      {t("textSize.label")}
    </button>
  );
}
