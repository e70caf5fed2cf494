import { Alert } from "./ui";
import styles from "./web-reception-form.module.css";

/** Why 「この内容で受付する」 failed, with the server's messages no field shows. */
export function SendErrorAlert({ error }: { error: { title: string; details: string[] } }) {
  return (
    <Alert type="error" title={error.title}>
      {error.details.length > 0 && (
        <ul className={styles.details}>
          {error.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
