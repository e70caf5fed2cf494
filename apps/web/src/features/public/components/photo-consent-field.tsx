import styles from "./follow-up-consent-field.module.css";
import { PrivacyNotice } from "./privacy-notice";

export const PHOTO_CONSENT_LABEL = "処方箋の写真を、下の「個人情報の利用目的」のとおり薬局が利用することに同意します";

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
        <span className={styles.label}>{`${PHOTO_CONSENT_LABEL}（必須）`}</span>
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        処方箋には、お名前・生年月日・保険の情報・お薬の内容（要配慮個人情報）が含まれます。同意いただけない場合は、処方箋を薬局の窓口にお持ちください。
      </p>
      {privacyNotice && (
        <div style={{ marginTop: 8 }}>
          <PrivacyNotice text={privacyNotice} />
        </div>
      )}
    </div>
  );
}
