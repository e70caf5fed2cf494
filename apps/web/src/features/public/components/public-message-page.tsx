import type { ReactNode } from "react";
import { PatientControls } from "../../../components/patient-controls";
import { usePatientDocumentTitle } from "./use-patient-document-title";
import styles from "./public-page.module.css";
import { Icon } from "./ui";

/** A visitor-friendly page for a link that does not work (not the staff app's Not Found). */
export function PublicMessagePage({ title, children }: { title: string; children: ReactNode }) {
  usePatientDocumentTitle(title);
  return (
    <main className={styles.page}>
      <div className={styles.messagePage}>
        <PatientControls />
        <Icon name="info" className={styles.messageIcon} />
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
