import { businessClockOf } from "@pharmacy/contract/calendar/business-calendar";
import { REPEAT_PRESCRIPTION_LABEL, REPEAT_PRESCRIPTION_SEARCH } from "@pharmacy/contract/follow-ups/next-dispensing";
import { receiveGuidance } from "@pharmacy/contract/public/patient-messages";
import type { PublicPharmacy, WebReceptionCreated } from "@pharmacy/contract/public/public";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import { useState } from "react";
import { apiErrorMessage, apiErrorStatus } from "../../../lib/api/api-error";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import { numberLabelOf, sentNoticeOf, TOO_MANY_REQUESTS_TEXT } from "../labels";
import { getPublicPharmacy } from "../public-api";
import { isCurrent, saveReception, savedReceptionOf } from "../saved-reception";
import { LineOffer } from "./line-offer";
import { PharmacyDetails, TodayStatus } from "./pharmacy-info";
import { PrivacyNotice } from "./privacy-notice";
import { PublicMessagePage } from "./public-message-page";
import styles from "./public-page.module.css";
import { Alert, Button, Icon, LinkButton, Spinner } from "./ui";
import { useLoad } from "./use-load";
import { QuestionnaireLink } from "./questionnaire-link";
import { WebReceptionForm } from "./web-reception-form";

export const statusPathOf = (statusToken: string) => `/web/status/${encodeURIComponent(statusToken)}`;

/** /web/{publicSlug}: the branch's web reception for a visitor's phone, no sign-in. */
export function PublicReceptionPage({ publicSlug }: { publicSlug: string }) {
  const { data, error, loading, reload } = useLoad(() => getPublicPharmacy(publicSlug));

  if (loading && !data) return <Spinner />;
  if (!data) {
    const status = apiErrorStatus(error);
    // 400: not even the shape of a link (PublicSlugParamsSchema); 404: unknown or replaced.
    if (status === 409) {
      return (
        <PublicMessagePage title="Web受付の準備中です">
          <p>この薬局のWeb受付は、ただいま準備をしています。</p>
          <p>お手数ですが、処方箋は薬局の窓口にお持ちください。</p>
        </PublicMessagePage>
      );
    }
    if (status === 404 || status === 400) {
      return (
        <PublicMessagePage title="このページは見つかりません">
          <p>Web受付のURLが変更されたか、URLに誤りがある可能性があります。</p>
          <p>薬局の店頭やホームページに掲示されている最新のQRコードを読み取るか、薬局に直接お問い合わせください。</p>
        </PublicMessagePage>
      );
    }
    return (
      <PublicMessagePage title="ページを表示できませんでした">
        <p>{status === 429 ? TOO_MANY_REQUESTS_TEXT : apiErrorMessage(error)}</p>
        <Button variant="primary" icon={<Icon name="reload" />} loading={loading} onClick={reload}>
          もう一度読み込む
        </Button>
      </PublicMessagePage>
    );
  }
  return <ReceptionView publicSlug={publicSlug} pharmacy={data} />;
}

/** The refill reminder's link (docs/rules.md#continuity-of-care) opens the form with 「前回と同じ処方箋（リフィル／分割）」. */
function isRepeatVisit(): boolean {
  return new URLSearchParams(location.search).get("repeat") === REPEAT_PRESCRIPTION_SEARCH.repeat;
}

function ReceptionView({ publicSlug, pharmacy }: { publicSlug: string; pharmacy: PublicPharmacy }) {
  useDocumentTitle(`${pharmacy.name} Web受付`);
  const [sent, setSent] = useState<{ created: WebReceptionCreated; answers: Answers } | null>(null);
  const [onFirstStep, setOnFirstStep] = useState(true);
  const saved = savedReceptionOf(publicSlug);
  const earlier = saved && isCurrent(saved, pharmacy.today.date) ? saved : undefined;

  function handleSent(created: WebReceptionCreated, answers: Answers) {
    saveReception(publicSlug, {
      statusToken: created.statusToken,
      receptionNumber: created.receptionNumber,
      date: created.receptionDate,
    });
    setSent({ created, answers });
    window.scrollTo({ top: 0 });
  }

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <div className={styles.kicker}>処方箋のWeb受付</div>
          <h1 className={styles.branch}>{pharmacy.name}</h1>
        </div>
      </header>
      <div className={styles.column}>
        {sent ? (
          <SentView
            created={sent.created}
            answers={sent.answers}
            pharmacy={pharmacy}
            questionnaireUrl={pharmacy.webQuestionnaireUrl}
            onAnother={() => {
              setSent(null);
              setOnFirstStep(true);
            }}
          />
        ) : (
          <>
            {/* Hours and notices before the first step only: each later step stays one short screen. */}
            {onFirstStep && earlier && (
              <Alert
                type="success"
                title={
                  earlier.date === pharmacy.today.date
                    ? `本日はこのスマートフォンから受付済みです（受付番号 ${earlier.receptionNumber}）`
                    : `このスマートフォンから受付済みです（${numberLabelOf(earlier.date, pharmacy.today.date)} ${earlier.receptionNumber}）`
                }
              >
                <LinkButton href={statusPathOf(earlier.statusToken)} big className={styles.alertAction}>
                  受付状況を見る
                </LinkButton>
              </Alert>
            )}
            {onFirstStep && saved && !earlier && (
              <p className={styles.sentLink}>
                <a href={statusPathOf(saved.statusToken)}>送信済みの受付を見る</a>
              </p>
            )}
            {onFirstStep && isRepeatVisit() && (
              <Alert type="info" title={`${REPEAT_PRESCRIPTION_LABEL}の受付`}>
                次回分のお薬の受付です。お手元の処方箋（前回と同じもの）をもう一度撮影して送ってください。
              </Alert>
            )}
            {onFirstStep && pharmacy.notice && (
              <Alert type="info" title="薬局からのお知らせ">
                <div className={styles.notice}>{pharmacy.notice}</div>
              </Alert>
            )}
            {onFirstStep && <TodayStatus pharmacy={pharmacy} />}
            <WebReceptionForm
              publicSlug={publicSlug}
              pharmacy={pharmacy}
              onSent={handleSent}
              onStepChange={(index) => setOnFirstStep(index === 0)}
            />
          </>
        )}
        <PharmacyDetails pharmacy={pharmacy} />
        <PrivacyNotice text={pharmacy.privacyNotice} />
      </div>
    </main>
  );
}

interface SentViewProps {
  created: WebReceptionCreated;
  answers: Answers;
  pharmacy: PublicPharmacy;
  /** The branch's web questionnaire, shown again here when the visitor chose it. */
  questionnaireUrl: string | undefined;
  onAnother: () => void;
}

function SentView({ created, answers, pharmacy, questionnaireUrl, onAnother }: SentViewProps) {
  // Sent while closed, it belongs to the next opening's day (docs/rules.md#across-days): say which day, and when it is looked at.
  const closedNotice = sentNoticeOf(pharmacy.businessHours, businessClockOf());
  return (
    <section className={`${styles.section} ${styles.centered}`} aria-labelledby="sent-title">
      <Icon name="done" className={styles.doneIcon} />
      <h2 id="sent-title" className={styles.sectionTitle} style={{ marginTop: 12 }}>
        受付が完了しました
      </h2>
      <p style={{ margin: 0 }} data-testid="reception-number-label">
        {numberLabelOf(created.receptionDate, pharmacy.today.date)}
      </p>
      <p className={styles.receptionNumber} data-testid="reception-number">
        {created.receptionNumber}
      </p>
      {closedNotice && (
        <p className={styles.sectionLead} data-testid="sent-closed-notice">
          {closedNotice}
        </p>
      )}
      <p className={styles.sectionLead} data-testid="sent-guidance">
        {receiveGuidance(answers, "Web")}
      </p>
      {answers.questionnaireType === "Web" && questionnaireUrl && <QuestionnaireLink url={questionnaireUrl} />}
      <LineOffer statusToken={created.statusToken} />
      <p className={styles.sectionLead}>お薬の準備の状況は下のボタンから確認できます。</p>
      <LinkButton href={statusPathOf(created.statusToken)} big>
        受付状況を見る
      </LinkButton>
      <p className={styles.footerNote} style={{ marginTop: 12 }}>
        このページを閉じても、同じスマートフォンでこのWeb受付のページを開くと「受付状況を見る」から確認できます。
      </p>
      <Button variant="link" onClick={onAnother} style={{ marginTop: 8 }}>
        別の処方箋を受付する
      </Button>
    </section>
  );
}
