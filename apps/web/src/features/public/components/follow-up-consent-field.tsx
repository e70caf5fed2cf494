import { usePatientText } from "../../../lib/i18n/use-patient-text";
import styles from "./follow-up-consent-field.module.css";

/**
 * 「服薬後に体調確認の連絡を受け取る」 (docs/rules.md#continuity-of-care): unticked unless the patient wants it, and what they will
 * get said plainly before they tick it. Ticking it asks for the e-mail above.
 */
export function FollowUpConsentField({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { r } = usePatientText();
  return (
    <div className={styles.box}>
      <label className={styles.choice}>
        <input
          type="checkbox"
          name="followUpConsent"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className={styles.checkbox}
          aria-describedby="follow-up-consent-hint"
        />
        <span className={styles.label}>{r("form.consentLabel")}</span>
      </label>
      <p id="follow-up-consent-hint" className={styles.hint}>
        {r("form.consentBody")}
      </p>
    </div>
  );
}
