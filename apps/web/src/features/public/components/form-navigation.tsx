import { PhotoConsentField } from "./photo-consent-field";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import page from "./public-page.module.css";
import { Button, Icon } from "./ui";
import type { WebReceptionFormState } from "./use-web-reception-form";
import styles from "./web-reception-form.module.css";

/** 「戻る」 after the first step, and 「次へ」 or, on the last step, 「この内容で受付する」 with what follows it. */
export function FormNavigation({ form }: { form: WebReceptionFormState }) {
  const { index, last } = form;
  const awaitsConsent = last && form.sendsPhotos && !form.photoConsent;
  const { r } = usePatientText();
  return (
    <>
      {last && form.sendsPhotos && (
        <PhotoConsentField
          checked={form.photoConsent}
          onChange={form.setPhotoConsent}
          privacyNotice={form.privacyNotice}
        />
      )}
      <div className={styles.navigation}>
        {index > 0 && (
          <Button big icon={<Icon name="back" />} onClick={form.goBack} className={styles.back}>
            {r("common.back")}
          </Button>
        )}
        {last ? (
          <Button
            type="submit"
            variant="primary"
            big
            loading={form.sending}
            disabled={awaitsConsent}
            icon={<Icon name="send" />}
          >
            {r("form.submit")}
          </Button>
        ) : (
          <Button type="submit" variant="primary" big>
            {r("common.next")}
            <Icon name="next" />
          </Button>
        )}
      </div>
      {last && <p className={page.footerNote}>{r("form.submitNote")}</p>}
    </>
  );
}
