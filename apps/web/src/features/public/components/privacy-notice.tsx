import { usePatientText } from "../../../lib/i18n/use-patient-text";
import styles from "./privacy-notice.module.css";

/**
 * The branch's 利用目的 (docs/rules.md#notice-and-consent), folded under its title so each step stays
 * one short screen; opened, it reads as the admin wrote it, line by line.
 */
export function PrivacyNotice({ text, id }: { text: string; id?: string }) {
  const { r } = usePatientText();
  return (
    <details className={styles.notice} id={id} data-testid="privacy-notice">
      <summary className={styles.summary}>{r("consent.noticeTitle")}</summary>
      <p className={styles.text}>{text}</p>
    </details>
  );
}
