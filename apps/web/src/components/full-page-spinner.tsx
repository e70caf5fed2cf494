import styles from "./route-status.module.css";

/** Shown while a route's code or the start-up session check is still loading. CSS only, to keep antd out of the entry chunk. */
export function FullPageSpinner() {
  return (
    <div className={styles.page} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden />
      <span className={styles.visuallyHidden}>読み込み中</span>
    </div>
  );
}
