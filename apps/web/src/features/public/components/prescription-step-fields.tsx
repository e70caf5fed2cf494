import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { MAX_WEB_PHOTOS } from "@pharmacy/contract/public/public";
import { asksExchangeNumber } from "../../../lib/receptions/prescription-limits";
import { CodePhoto } from "./code-photo";
import { FieldError, TextField } from "./form-fields";
import { PhotoPicker } from "./photo-picker";
import page from "./public-page.module.css";
import { Alert } from "./ui";
import type { WebReceptionFormState } from "./use-web-reception-form";
import styles from "./web-reception-form.module.css";

/**
 * The prescription step below its questions: the 引換番号 and the 控え's QR when they are asked, the
 * prescription photos, and the お薬手帳 QR while there is room for one more photo.
 */
export function PrescriptionStepFields({ form }: { form: WebReceptionFormState }) {
  const { values, errors, update } = form;
  const { t, r } = usePatientText();
  return (
    <>
      {asksExchangeNumber(values.answers) && (
        <TextField
          id="exchangeNumber"
          label={r("form.exchangeLabel")}
          hint={r("form.exchangeHint")}
          value={values.exchangeNumber}
          error={errors.exchangeNumber}
          onChange={(exchangeNumber) => update({ ...values, exchangeNumber })}
          inputMode="numeric"
          autoComplete="off"
        />
      )}
      {asksExchangeNumber(values.answers) && (
        <div className={styles.question}>
          <p className={page.sectionLead}>{r("form.copyLead")}</p>
          <CodePhoto
            value={form.copy}
            onChange={form.chooseCopy}
            action={r("form.copyAction")}
            testId="copy-photo-input"
          />
        </div>
      )}
      {form.asksPhotos && (
        <div className={styles.question}>
          <p className={styles.questionHead} id="photos-prompt">
            <span className={styles.prompt}>{r("form.photosPrompt")}</span>
          </p>
          <p className={page.sectionLead}>{r("form.photosLead", { max: MAX_WEB_PHOTOS })}</p>
          {form.photosLost && values.photos.length === 0 && (
            <Alert type="error" title={t("form.photosLostTitle")}>
              {r("form.photosLostBody")}
            </Alert>
          )}
          <PhotoPicker
            value={values.photos}
            onChange={(photos) => update({ ...values, photos })}
            describedBy={errors.file ? "file-error" : undefined}
          />
          <FieldError id="file-error" message={errors.file} />
        </div>
      )}
      {values.photos.length < MAX_WEB_PHOTOS && (
        <div className={styles.question}>
          <p className={styles.questionHead}>
            <span className={styles.prompt}>{r("form.notebookPrompt")}</span>
          </p>
          <CodePhoto
            value={form.notebook}
            onChange={form.setNotebook}
            action={r("form.notebookAction")}
            testId="notebook-photo-input"
          />
        </div>
      )}
    </>
  );
}
