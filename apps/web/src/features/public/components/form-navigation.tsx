import { PhotoConsentField } from "./photo-consent-field";
import page from "./public-page.module.css";
import { Button, Icon } from "./ui";
import type { WebReceptionFormState } from "./use-web-reception-form";
import styles from "./web-reception-form.module.css";

/** 「戻る」 after the first step, and 「次へ」 or, on the last step, 「この内容で受付する」 with what follows it. */
export function FormNavigation({ form }: { form: WebReceptionFormState }) {
  const { index, last } = form;
  const awaitsConsent = last && form.sendsPhotos && !form.photoConsent;
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
            戻る
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
            この内容で受付する
          </Button>
        ) : (
          <Button type="submit" variant="primary" big>
            次へ
            <Icon name="next" />
          </Button>
        )}
      </div>
      {last && <p className={page.footerNote}>送信すると受付番号が表示されます。</p>}
    </>
  );
}
