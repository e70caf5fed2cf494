import { useEffect } from "react";
import { TextSizeSwitch } from "../../../components/patient-controls";
import { applyStoredTextSize, showLargeText } from "../../../lib/browser/text-size";
import { LANGUAGES } from "../../../lib/i18n/languages";
import { showLanguage } from "../../../lib/i18n/patient-i18n";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import styles from "./kiosk-page.module.css";

/**
 * The kiosk's first screen offers every language, each named in itself, as large buttons; the choice holds
 * for this patient only (the kiosk goes back to Japanese when it resets), and 「文字を大きく」 beside them.
 */
export function KioskLanguage() {
  const { t, language } = usePatientText();
  // The tablet's text size while the kiosk shows; staff screens on the same device keep their own.
  useEffect(() => {
    applyStoredTextSize();
    return () => showLargeText(false);
  }, []);
  return (
    <section className={styles.languages} aria-labelledby="kiosk-language-title">
      <h2 id="kiosk-language-title" className={styles.languageTitle}>
        {t("kiosk.languageTitle")}
      </h2>
      <div className={styles.languageGrid}>
        {LANGUAGES.map((option) => (
          <button
            key={option.tag}
            type="button"
            lang={option.tag}
            aria-pressed={language === option.tag}
            className={styles.languageButton}
            onClick={() => void showLanguage(option.tag)}
          >
            {option.nativeName}
          </button>
        ))}
      </div>
      <TextSizeSwitch />
    </section>
  );
}
