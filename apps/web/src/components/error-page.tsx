import type { ErrorComponentProps } from "@tanstack/react-router";
import { useState } from "react";
import styles from "./route-status.module.css";

// The brief fixes this page's wording (in English). Plain elements: it must render even when antd chunks fail to load.
export function ErrorPage({ error }: ErrorComponentProps) {
  const [showError, setShowError] = useState(false);
  return (
    <div role="alert" className={styles.page}>
      <h1 className={styles.heading}>Something went wrong!</h1>
      <button type="button" className={styles.button} onClick={() => setShowError((shown) => !shown)}>
        {showError ? "Hide Error" : "Show Error"}
      </button>
      {showError && <pre className={styles.details}>{error instanceof Error ? error.message : String(error)}</pre>}
    </div>
  );
}
