import { usePatientText } from "../../../lib/i18n/use-patient-text";
import type { SendFailure } from "../send-failure";
import { Alert } from "./ui";
import styles from "./web-reception-form.module.css";

/** Why 「この内容で受付する」 failed, with the server's messages no field shows. */
export function SendErrorAlert({ error }: { error: Pick<SendFailure, "title" | "reason" | "details"> }) {
  const { mText } = usePatientText();
  const title = error.reason ? mText({ ...error.title, values: { reason: mText(error.reason) } }) : mText(error.title);
  const details = [...new Set(error.details.map(mText))];
  return (
    <Alert type="error" title={title}>
      {details.length > 0 && (
        <ul className={styles.details}>
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
