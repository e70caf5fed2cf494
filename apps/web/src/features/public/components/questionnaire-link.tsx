import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { lazy } from "react";
import { OptionalPiece } from "./optional-piece";
import styles from "./web-reception-form.module.css";
import { LinkButton } from "./ui";

// Only visitors who choose the web questionnaire load the QR code's code.
const QRCodeSVG = lazy(() => import("@rc-component/qrcode").then((module) => ({ default: module.QRCodeSVG })));

/** The branch's web questionnaire: a link to open on this phone, and its QR code for another device. */
export function QuestionnaireLink({ url }: { url: string }) {
  const { t, r } = usePatientText();
  return (
    <div className={styles.questionnaire}>
      <p>{r("form.questionnaireLead")}</p>
      <LinkButton href={url} target="_blank" rel="noreferrer" big>
        {r("form.questionnaireOpen")}
      </LinkButton>
      <div className={styles.qr}>
        <div role="img" aria-label={t("form.questionnaireQr")}>
          <OptionalPiece placeholder={<div className={styles.qrPlaceholder} />}>
            {/* Named by the element around it: the drawing itself is hidden from screen readers. */}
            <QRCodeSVG value={url} size={128} aria-hidden />
          </OptionalPiece>
        </div>
      </div>
    </div>
  );
}
