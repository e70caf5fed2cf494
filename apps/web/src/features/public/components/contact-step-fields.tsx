import { toHalfWidthDigits } from "@pharmacy/contract/shared/half-width";
import { FollowUpConsentField } from "./follow-up-consent-field";
import { TextField } from "./form-fields";
import type { WebReceptionFormState } from "./use-web-reception-form";
import styles from "./web-reception-form.module.css";

/** The last step: name and phone, then the e-mail and the follow-up consent in an optional fold. */
export function ContactStepFields({ form }: { form: WebReceptionFormState }) {
  const { values, errors, update } = form;
  return (
    <>
      <TextField
        id="patientName"
        label="お名前（フリガナ）"
        hint="お呼びするときに使います。"
        value={values.patientName}
        error={errors.patientName}
        onChange={(patientName) => update({ ...values, patientName })}
        placeholder="ヤマダ ハナコ"
        autoComplete="off"
      />
      <TextField
        id="phone"
        label="電話番号"
        hint="お薬の準備について、お電話することがあります。"
        value={values.phone}
        error={errors.phone}
        onChange={(phone) => update({ ...values, phone: toHalfWidthDigits(phone) })}
        placeholder="09012345678"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
      />
      {/* optional, so folded: the send button stays on a small phone's first screen */}
      <details
        className={styles.optional}
        open={form.mailOpen || Boolean(errors.email)}
        onToggle={(event) => form.setMailOpen(event.currentTarget.open)}
      >
        <summary className={styles.optionalSummary}>メールでのお知らせ・服薬後の体調確認（任意）</summary>
        <TextField
          id="email"
          label={values.followUpConsent ? "メールアドレス" : "メールアドレス（任意）"}
          hint="お薬の準備ができたときや、写真の撮り直しをお願いするときにお知らせします。お渡し後に削除します（体調確認を選んだ場合を除く）。"
          value={values.email}
          error={errors.email}
          onChange={(email) => update({ ...values, email })}
          placeholder="example@example.jp"
          type="email"
          inputMode="email"
          autoComplete="email"
        />
        <FollowUpConsentField
          checked={values.followUpConsent}
          onChange={(followUpConsent) => update({ ...values, followUpConsent })}
        />
      </details>
    </>
  );
}
