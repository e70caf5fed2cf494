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
  return (
    <>
      {asksExchangeNumber(values.answers) && (
        <TextField
          id="exchangeNumber"
          label="引換番号（わかる場合）"
          hint="医療機関で受け取った控えに書かれている番号です。全角の数字でも入力できます。"
          value={values.exchangeNumber}
          error={errors.exchangeNumber}
          onChange={(exchangeNumber) => update({ ...values, exchangeNumber })}
          inputMode="numeric"
          autoComplete="off"
        />
      )}
      {asksExchangeNumber(values.answers) && (
        <div className={styles.question}>
          <p className={page.sectionLead}>
            控えのQRコードを撮影すると、引換番号を読み取って入力します（読み取れないときは薬局で読み取ります）。
          </p>
          <CodePhoto
            value={form.copy}
            onChange={form.chooseCopy}
            action="控えのQRコードを撮影・選択"
            testId="copy-photo-input"
          />
        </div>
      )}
      {form.asksPhotos && (
        <div className={styles.question}>
          <p className={styles.questionHead} id="photos-prompt">
            <span className={styles.prompt}>処方箋の写真</span>
          </p>
          <p className={page.sectionLead}>
            処方箋全体が写るように撮影してください。複数枚ある場合は1枚ずつ撮影できます（{MAX_WEB_PHOTOS}枚まで）。
          </p>
          {form.photosLost && values.photos.length === 0 && (
            <Alert type="error" title="写真をもう一度選んでください">
              ページを読み込み直したため、選んだ写真を残せませんでした。
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
            <span className={styles.prompt}>お薬手帳のQRコード（任意）</span>
          </p>
          <CodePhoto
            value={form.notebook}
            onChange={form.setNotebook}
            action="お薬手帳のQRコードを撮影・選択"
            testId="notebook-photo-input"
          />
        </div>
      )}
    </>
  );
}
