import type { ReactNode } from "react";
import styles from "./route-status.module.css";

/**
 * The app's frame (its blue bar and name) around a route failure, drawn with plain elements: it must
 * show even when the app's own chunks or the router failed.
 */
export function StatusFrame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <span className={styles.brand}>薬局受付</span>
      </header>
      <main className={styles.page}>{children}</main>
    </div>
  );
}
