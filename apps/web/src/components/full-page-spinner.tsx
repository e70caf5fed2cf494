import styles from "./route-status.module.css";

/**
 * Shown while a route's code or the start-up session check is still loading; `message` says why it
 * takes long (the server cannot be reached). CSS only, to keep antd out of the entry chunk.
 */
export function FullPageSpinner({ message }: { message?: string }) {
  return (
    <div className={styles.page} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden />
      {message ? (
        <p className={styles.message}>{message}</p>
      ) : (
        <span className={styles.visuallyHidden}>読み込み中</span>
      )}
    </div>
  );
}
