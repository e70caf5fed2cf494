import { StatusFrame } from "./status-frame";
import styles from "./route-status.module.css";

/** Unmatched paths: the literal "Not Found", a Japanese line and the way back to the list. */
export function NotFound() {
  return (
    <StatusFrame>
      <p className={styles.heading}>Not Found</p>
      <p className={styles.message}>お探しのページは見つかりませんでした。URLをご確認ください。</p>
      {/* A plain link: a fresh load of the list works whatever state the router is in. */}
      <a href="/" className={styles.button}>
        受付一覧へ戻る
      </a>
    </StatusFrame>
  );
}
