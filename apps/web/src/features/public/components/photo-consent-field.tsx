import { usePatientText } from "../../../lib/i18n/use-patient-text";
import styles from "./follow-up-consent-field.module.css";
import { PrivacyNotice } from "./privacy-notice";

/**
 * Consent to the use of the prescription photos (docs/rules.md#notice-and-consent): required before
 * photos are sent, so the send button beside it stays disabled until it is ticked; the 利用目的 it
 * refers to opens right under it.
 */
export function PhotoConsentField({
  checked,
  onChange,
  privacyNotice,
  id = "photo-consent",
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  privacyNotice: string | undefined;
  id?: string;
}) {
  const { r } = usePatientText();
  return (
    <div className={styles.box} data-testid="photo-consent">
      <label className={styles.choice}>
        <input
          type="checkbox"
          name="photoConsent"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className={styles.checkbox}
          aria-describedby={`${id}-hint`}
        />
        <span className={styles.label}>{r("consent.photoLabel")}</span>
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {r("consent.photoHint")}
      </p>
      {privacyNotice && (
        <div style={{ marginTop: 8 }}>
          <PrivacyNotice text={privacyNotice} />
        </div>
      )}
    </div>
  );
}
