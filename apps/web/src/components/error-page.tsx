import type { ErrorComponentProps } from "@tanstack/react-router";
import { useState } from "react";
import { StatusFrame } from "./status-frame";
import styles from "./route-status.module.css";

// The brief fixes this page's English wording; the Japanese line and the ways back are ours.
// Plain elements: it must render even when antd chunks fail to load.
export function ErrorPage({ error }: ErrorComponentProps) {
  const [showError, setShowError] = useState(false);
  return (
    <StatusFrame>
      <div role="alert" className={styles.stack}>
        <h1 className={styles.heading}>Something went wrong!</h1>
        <p className={styles.message}>
          問題が発生しました。再読み込みしても直らない場合は、しばらくしてからもう一度お試しください。
        </p>
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => window.location.reload()}>
          再読み込み
        </button>
        <a href="/" className={styles.secondaryButton}>
          受付一覧へ戻る
        </a>
      </div>
      <button
        type="button"
        className={styles.linkButton}
        aria-expanded={showError}
        onClick={() => setShowError((shown) => !shown)}
      >
        {showError ? "Hide Error" : "Show Error"}
      </button>
      {showError && <pre className={styles.details}>{error instanceof Error ? error.message : String(error)}</pre>}
    </StatusFrame>
  );
}
