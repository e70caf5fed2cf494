import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import { usePatientText } from "../../../lib/i18n/use-patient-text";

/** The tab's title in the patient's language: 「… | 薬局受付」 / "… | Pharmacy reception". */
export function usePatientDocumentTitle(title: string): void {
  const { t } = usePatientText();
  useDocumentTitle(title, t("product"));
}
