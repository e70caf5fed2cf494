import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { toHalfWidthDigits } from "@pharmacy/contract/shared/half-width";
import { FollowUpConsentField } from "./follow-up-consent-field";
import { TextField } from "./form-fields";
import type { WebReceptionFormState } from "./use-web-reception-form";
import styles from "./web-reception-form.module.css";

/** The last step: name and phone, then the e-mail and the follow-up consent in an optional fold. */
export function ContactStepFields({ form }: { form: WebReceptionFormState }) {
  const { values, errors, update } = form;
  const { t, r } = usePatientText();
  return (
    <>
      <TextField
        id="patientName"
        label={r("form.nameLabel")}
        hint={r("form.nameHint")}
        value={values.patientName}
        error={errors.patientName}
        onChange={(patientName) => update({ ...values, patientName })}
        placeholder={t("form.namePlaceholder")}
        autoComplete="off"
      />
      <TextField
        id="phone"
        label={r("form.phoneLabel")}
        hint={r("form.phoneHint")}
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
        data-testid="mail-fold"
      >
        <summary className={styles.optionalSummary}>{r("form.mailSummary")}</summary>
        <TextField
          id="email"
          label={values.followUpConsent ? r("form.emailLabel") : r("form.emailLabelOptional")}
          hint={r("form.emailHint")}
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
