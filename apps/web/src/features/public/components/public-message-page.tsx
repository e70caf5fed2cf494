import type { ReactNode } from "react";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import styles from "./public-page.module.css";
import { Icon } from "./ui";

/** A visitor-friendly page for a link that does not work (not the staff app's Not Found). */
export function PublicMessagePage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className={styles.page}>
      <div className={styles.messagePage}>
        <Icon name="info" className={styles.messageIcon} />
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
