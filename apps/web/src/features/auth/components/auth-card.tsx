import type { ReactNode } from "react";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import styles from "./auth-card.module.css";

const PRODUCT_NAME = "薬局受付";

/**
 * The centred card every signed-out page is laid out in; fits a 375 px phone and the counter tablet.
 * Plain elements rather than antd Card/Typography: those pull Tabs, Menu and Tooltip into the login page's bundle.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <div className={styles.brand}>
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <span className={styles.product}>{PRODUCT_NAME}</span>
        </div>
        <section className={styles.card} aria-labelledby="auth-card-title">
          <h1 id="auth-card-title" className={styles.title}>
            {title}
          </h1>
          {children}
        </section>
      </div>
    </main>
  );
}
