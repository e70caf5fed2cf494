import { FOLLOW_UP_CONSENT_LABEL } from "@pharmacy/contract/follow-ups/patient-page";
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
        <span className={styles.label}>{`${FOLLOW_UP_CONSENT_LABEL}（任意）`}</span>
      </label>
      <p id="follow-up-consent-hint" className={styles.hint}>
        お薬を飲み始めてしばらくしてから、薬剤師が体調やお薬の飲み具合をうかがう短い質問（1分ほど）のリンクを、上のメールアドレスにお送りします。リフィル・分割の処方箋では、次のお薬の受付ができる時期もお知らせします。メールアドレスは確認が終わると削除し、ほかの目的には使いません。
      </p>
    </div>
  );
}
