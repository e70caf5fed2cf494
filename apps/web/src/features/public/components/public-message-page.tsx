import type { ReactNode } from "react";
import { PatientControls } from "../../../components/patient-controls";
import { publicErrorOf } from "../../../lib/i18n/patient-errors";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { usePatientDocumentTitle } from "./use-patient-document-title";
import styles from "./public-page.module.css";
import { Button, Icon } from "./ui";

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

interface LoadFailedPageProps {
  error: unknown;
  loading: boolean;
  onReload: () => void;
  /** The page's own words for it; 「ページを表示できませんでした」 unless given. */
  title?: string;
}

/** The page's data did not come: why, in the patient's language, and a button to load it again. */
export function LoadFailedPage({ error, loading, onReload, title }: LoadFailedPageProps) {
  const { t, r, m } = usePatientText();
  return (
    <PublicMessagePage title={title ?? t("common.loadFailed")}>
      <p>{m(publicErrorOf(error))}</p>
      <Button variant="primary" icon={<Icon name="reload" />} loading={loading} onClick={onReload}>
        {r("common.reload")}
      </Button>
    </PublicMessagePage>
  );
}
