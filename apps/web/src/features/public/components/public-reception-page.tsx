import { businessClockOf } from "@pharmacy/contract/calendar/business-calendar";
import { REPEAT_PRESCRIPTION_SEARCH } from "@pharmacy/contract/follow-ups/next-dispensing";
import type { PublicPharmacy, WebReceptionCreated } from "@pharmacy/contract/public/public";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import { useState } from "react";
import { apiErrorStatus } from "../../../lib/api/api-error";
import { PatientControls } from "../../../components/patient-controls";
import { monthDayIn } from "../../../lib/i18n/patient-dates";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { receiveGuidanceOf } from "../../../lib/receptions/patient-guidance";
import { numberLabelOf, sentNoticeOf } from "../labels";
import { usePatientDocumentTitle } from "./use-patient-document-title";
import { getPublicPharmacy } from "../public-api";
import { isCurrent, saveReception, savedReceptionOf } from "../saved-reception";
import { LineOffer } from "./line-offer";
import { PharmacyDetails, TodayStatus } from "./pharmacy-info";
import { PrivacyNotice } from "./privacy-notice";
import { LoadFailedPage, PublicMessagePage } from "./public-message-page";
import { HouseholdNumbersWhenSent } from "./household-numbers-when-sent";
import styles from "./public-page.module.css";
import { Alert, Button, Icon, LinkButton, Spinner } from "./ui";
import { useLoad } from "./use-load";
import { QuestionnaireLink } from "./questionnaire-link";
import { WebReceptionForm } from "./web-reception-form";

export const statusPathOf = (statusToken: string) => `/web/status/${encodeURIComponent(statusToken)}`;

/** /web/{publicSlug}: the branch's web reception for a visitor's phone, no sign-in. */
export function PublicReceptionPage({ publicSlug }: { publicSlug: string }) {
  const { data, error, loading, reload } = useLoad(() => getPublicPharmacy(publicSlug));
  const { t, r } = usePatientText();

  if (loading && !data) return <Spinner />;
  if (!data) {
    const status = apiErrorStatus(error);
    // 400: not even the shape of a link (PublicSlugParamsSchema); 404: unknown or replaced.
    if (status === 409) {
      return (
        <PublicMessagePage title={t("reception.setupTitle")}>
          <p>{r("reception.setupBody")}</p>
          <p>{r("reception.setupAction")}</p>
        </PublicMessagePage>
      );
    }
    if (status === 404 || status === 400) {
      return (
        <PublicMessagePage title={t("common.notFoundTitle")}>
          <p>{r("reception.linkGoneBody")}</p>
          <p>{r("reception.linkGoneAction")}</p>
        </PublicMessagePage>
      );
    }
    return <LoadFailedPage error={error} loading={loading} onReload={reload} />;
  }
  return <ReceptionView publicSlug={publicSlug} pharmacy={data} />;
}

/** The refill reminder's link (docs/rules.md#continuity-of-care) opens the form with 「前回と同じ処方箋（リフィル／分割）」. */
function isRepeatVisit(): boolean {
  return new URLSearchParams(location.search).get("repeat") === REPEAT_PRESCRIPTION_SEARCH.repeat;
}

function ReceptionView({ publicSlug, pharmacy }: { publicSlug: string; pharmacy: PublicPharmacy }) {
  const { t, r, language } = usePatientText();
  usePatientDocumentTitle(t("reception.documentTitle", { name: pharmacy.name }));
  const [sent, setSent] = useState<{ created: WebReceptionCreated; answers: Answers; names?: string[] } | null>(null);
  const [onFirstStep, setOnFirstStep] = useState(true);
  const saved = savedReceptionOf(publicSlug);
  const earlier = saved && isCurrent(saved, pharmacy.today.date) ? saved : undefined;

  function handleSent(created: WebReceptionCreated, answers: Answers, names?: string[]) {
    saveReception(publicSlug, {
      statusToken: created.statusToken,
      receptionNumber: created.receptionNumber,
      date: created.receptionDate,
    });
    setSent({ created, answers, ...(names && { names }) });
    window.scrollTo({ top: 0 });
  }

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <PatientControls />
          <div className={styles.kicker}>{r("reception.kicker")}</div>
          <h1 className={styles.branch}>{pharmacy.name}</h1>
        </div>
      </header>
      <div className={styles.column}>
        {sent ? (
          <SentView
            created={sent.created}
            answers={sent.answers}
            names={sent.names}
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
                    ? t("reception.earlierToday", { number: earlier.receptionNumber })
                    : t("reception.earlierOn", {
                        date: monthDayIn(language, earlier.date),
                        number: earlier.receptionNumber,
                      })
                }
              >
                <LinkButton href={statusPathOf(earlier.statusToken)} big className={styles.alertAction}>
                  {r("reception.viewStatus")}
                </LinkButton>
              </Alert>
            )}
            {onFirstStep && saved && !earlier && (
              <p className={styles.sentLink}>
                <a href={statusPathOf(saved.statusToken)}>{r("reception.sentLink")}</a>
              </p>
            )}
            {onFirstStep && isRepeatVisit() && (
              <Alert type="info" title={t("reception.repeatTitle")}>
                {r("reception.repeatBody")}
              </Alert>
            )}
            {onFirstStep && pharmacy.notice && (
              <Alert type="info" title={t("reception.noticeTitle")}>
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
  /** The people sent for, in the send's order: the sender, then the household. */
  names: string[] | undefined;
  pharmacy: PublicPharmacy;
  /** The branch's web questionnaire, shown again here when the visitor chose it. */
  questionnaireUrl: string | undefined;
  onAnother: () => void;
}

function SentView({ created, answers, names, pharmacy, questionnaireUrl, onAnother }: SentViewProps) {
  // Sent while closed, it belongs to the next opening's day (docs/rules.md#across-days): say which day, and when it is looked at.
  const { r, m, language } = usePatientText();
  const closedNotice = sentNoticeOf(language, pharmacy.businessHours, businessClockOf());
  return (
    <section className={`${styles.section} ${styles.centered}`} aria-labelledby="sent-title">
      <Icon name="done" className={styles.doneIcon} />
      <h2 id="sent-title" className={styles.sectionTitle} style={{ marginTop: 12 }}>
        {r("reception.sentTitle")}
      </h2>
      <p style={{ margin: 0 }} data-testid="reception-number-label">
        {m(numberLabelOf(language, created.receptionDate, pharmacy.today.date))}
      </p>
      <p className={styles.receptionNumber} data-testid="reception-number">
        {created.receptionNumber}
      </p>
      {names && created.household && <p style={{ margin: 0 }}>{names[0]}</p>}
      {/* one status link shows them all (docs/rules.md#family) */}
      <HouseholdNumbersWhenSent
        numbers={(created.household ?? []).map((other, index) => ({
          receptionNumber: other.receptionNumber,
          ...(names?.[index + 1] && { patientName: names[index + 1] }),
        }))}
      />
      {closedNotice && (
        <p className={styles.sectionLead} data-testid="sent-closed-notice">
          {m(closedNotice)}
        </p>
      )}
      <p className={styles.sectionLead} data-testid="sent-guidance">
        {m(receiveGuidanceOf(language, answers, "Web"))}
      </p>
      {answers.questionnaireType === "Web" && questionnaireUrl && <QuestionnaireLink url={questionnaireUrl} />}
      <LineOffer statusToken={created.statusToken} />
      <p className={styles.sectionLead}>{r("reception.statusLead")}</p>
      <LinkButton href={statusPathOf(created.statusToken)} big>
        {r("reception.viewStatus")}
      </LinkButton>
      <p className={styles.footerNote} style={{ marginTop: 12 }}>
        {r("reception.keepNote")}
      </p>
      <Button variant="link" onClick={onAnother} style={{ marginTop: 8 }}>
        {r("reception.another")}
      </Button>
    </section>
  );
}
