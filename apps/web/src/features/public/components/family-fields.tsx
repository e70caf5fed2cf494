import { MAX_HOUSEHOLD_PEOPLE } from "@pharmacy/contract/public/public";
import { useEffect, useState } from "react";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { memberField, newFamilyMember, type FamilyMember } from "../family";
import consent from "./follow-up-consent-field.module.css";
import styles from "./family.module.css";
import fold from "./web-reception-form.module.css";
import { FieldError, TextField } from "./form-fields";
import { loadHouseholdNumbers } from "./household-numbers-when-sent";
import { PhotoPicker } from "./photo-picker";
import { Button, Icon } from "./ui";
import type { WebReceptionFormState } from "./use-web-reception-form";

/**
 * 「家族の分もまとめて」 on the last step (docs/rules.md#family): each other person's name and photos,
 * then 「この端末に覚える」, off until the patient ticks it. Folded like the mail, so the send button
 * stays on a small phone's first screen; open while it holds anyone or a phone remembers people.
 */
export function FamilyFields({ form }: { form: WebReceptionFormState }) {
  const { t, r } = usePatientText();
  const { family, setFamily, errors } = form;
  const full = family.length >= MAX_HOUSEHOLD_PEOPLE - 1;
  const hasFamily = family.length > 0;
  useEffect(() => {
    if (hasFamily) loadHouseholdNumbers().catch(() => undefined);
  }, [hasFamily]);
  const [unfolded, setUnfolded] = useState(form.offersPeople);
  const open = unfolded || hasFamily || Object.keys(errors).some((field) => field.startsWith("household."));
  const change = (index: number, member: FamilyMember) =>
    setFamily(family.map((other, at) => (at === index ? member : other)));
  return (
    <details
      className={fold.optional}
      open={open}
      onToggle={(event) => setUnfolded(event.currentTarget.open)}
      data-testid="family"
    >
      <summary className={fold.optionalSummary}>{r("family.sectionTitle")}</summary>
      <p className={styles.lead}>{r("family.sectionLead")}</p>
      {family.map((member, index) => {
        const number = index + 1;
        const photosError = errors[memberField(index, "file")];
        return (
          <div key={member.key} className={styles.member} data-testid="family-member">
            <p className={styles.memberHead}>
              <span>{t("family.member", { number })}</span>
              <Button
                variant="link"
                icon={<Icon name="close" />}
                onClick={() => setFamily(family.filter((_, at) => at !== index))}
              >
                {t("family.removeMember", { number })}
              </Button>
            </p>
            <TextField
              id={memberField(index, "patientName")}
              label={r("family.nameLabel")}
              hint={r("family.nameHint")}
              value={member.patientName}
              error={errors[memberField(index, "patientName")]}
              onChange={(patientName) => change(index, { ...member, patientName })}
              placeholder={t("form.namePlaceholder")}
              autoComplete="off"
            />
            <p className={styles.photosTitle} id={`family-photos-${index}`}>
              {t("family.photosPrompt", { number })}
            </p>
            <PhotoPicker
              id={memberField(index, "file")}
              value={member.photos}
              onChange={(photos) => change(index, { ...member, photos })}
              describedBy={photosError ? `${memberField(index, "file")}-error` : undefined}
            />
            <FieldError id={`${memberField(index, "file")}-error`} message={photosError} />
          </div>
        );
      })}
      {full ? (
        <p className={styles.lead}>{t("family.limit", { count: MAX_HOUSEHOLD_PEOPLE })}</p>
      ) : (
        <Button
          onClick={() => setFamily([...family, newFamilyMember("", "")])}
          data-testid="family-add"
          style={{ width: "100%" }}
        >
          {r("family.add")}
        </Button>
      )}
      <div className={consent.box} style={{ marginTop: 16 }}>
        <label className={consent.choice}>
          <input
            type="checkbox"
            name="rememberPeople"
            checked={form.remember}
            onChange={(event) => form.setRemember(event.target.checked)}
            className={consent.checkbox}
            aria-describedby="remember-hint"
            data-testid="remember-people"
          />
          <span className={consent.label}>{r("family.rememberLabel")}</span>
        </label>
        <p id="remember-hint" className={consent.hint}>
          {r("family.rememberHint")}
        </p>
      </div>
    </details>
  );
}
