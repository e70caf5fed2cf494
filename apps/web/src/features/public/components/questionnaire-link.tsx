import { lazy, Suspense } from "react";
import styles from "./web-reception-form.module.css";
import { LinkButton } from "./ui";

// Only visitors who choose the web questionnaire load the QR code's code.
const QRCodeSVG = lazy(() => import("@rc-component/qrcode").then((module) => ({ default: module.QRCodeSVG })));

/** The branch's web questionnaire: a link to open on this phone, and its QR code for another device. */
export function QuestionnaireLink({ url }: { url: string }) {
  return (
    <div className={styles.questionnaire}>
      <p>初めての方は、こちらのWeb問診票にご記入ください。</p>
      <LinkButton href={url} target="_blank" rel="noreferrer" big>
        Web問診票を開く
      </LinkButton>
      <div className={styles.qr}>
        <div role="img" aria-label="Web問診票のQRコード">
          <Suspense fallback={<div className={styles.qrPlaceholder} />}>
            {/* Named by the element around it: the drawing itself is hidden from screen readers. */}
            <QRCodeSVG value={url} size={128} aria-hidden />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
