import styles from "./route-status.module.css";

export function NotFound() {
  return (
    <div className={styles.page}>
      <p className={styles.heading}>Not Found</p>
    </div>
  );
}
