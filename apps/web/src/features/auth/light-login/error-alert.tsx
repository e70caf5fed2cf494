import type { ReactNode } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import styles from "./light-login.module.css";

/** A failed call in Japanese (the staff app's messages), with an optional way out. */
export function ErrorAlert({ error, action }: { error: unknown; action?: ReactNode }) {
  if (!error) return null;
  return (
    <div role="alert" className={`${styles.alert} ${styles.error}`}>
      {apiErrorMessage(error)}
      {action}
    </div>
  );
}
