import { ErrorCode } from "@pharmacy/contract/shared/errors";
import type { PublicFollowUp } from "@pharmacy/contract/follow-ups/patient-page";
import { formatPhoneNumber } from "@pharmacy/contract/shared/phone-number";
import { useState } from "react";
import { PatientControls } from "../../../components/patient-controls";
import { apiErrorCode, apiErrorStatus } from "../../../lib/api/api-error";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { usePatientDocumentTitle } from "./use-patient-document-title";
import { getPublicFollowUp } from "../public-api";
import { FollowUpQuestions } from "./follow-up-questions";
import { LoadFailedPage, PublicMessagePage } from "./public-message-page";
import page from "./public-page.module.css";
import styles from "./follow-up-page.module.css";
import { Icon, Spinner } from "./ui";
import { useLoad } from "./use-load";

/**
 * /web/follow-up/{token}: the patient's 体調確認 (docs/rules.md#continuity-of-care), phone first, no sign-in. The questions are
 * answered once: a second visit (or a second sending) is thanked and told it is done.
 */
export function FollowUpPage({ token }: { token: string }) {
  const { data, error, loading, reload } = useLoad(() => getPublicFollowUp(token));
  const [answeredNow, setAnsweredNow] = useState(false);
  const { t, r } = usePatientText();

  if (loading && !data && error === undefined) return <Spinner />;
  if (!data) {
    const status = apiErrorStatus(error);
    if (status === 410 || apiErrorCode(error) === ErrorCode.FollowUpLinkExpired) {
      return (
        <PublicMessagePage title={t("followUp.endedTitle")}>
          <p>{r("errors.followUpLinkExpired")}</p>
        </PublicMessagePage>
      );
    }
    if (status === 404 || status === 400) {
      return (
        <PublicMessagePage title={t("followUp.notFoundTitle")}>
          <p>{r("followUp.notFoundBody")}</p>
        </PublicMessagePage>
      );
    }
    return <LoadFailedPage error={error} loading={loading} onReload={reload} />;
  }
  if (answeredNow || data.answeredAt) return <AnsweredPage followUp={data} justNow={answeredNow} />;
  return <QuestionnairePage token={token} followUp={data} onAnswered={() => setAnsweredNow(true)} />;
}

function Header({ followUp }: { followUp: PublicFollowUp }) {
  const { r } = usePatientText();
  return (
    <header className={page.header}>
      <div className={page.headerInner}>
        <PatientControls />
        <div className={page.kicker}>{r("followUp.kicker")}</div>
        <h1 className={page.branch}>{followUp.pharmacyName}</h1>
      </div>
    </header>
  );
}

function QuestionnairePage({
  token,
  followUp,
  onAnswered,
}: {
  token: string;
  followUp: PublicFollowUp;
  onAnswered: () => void;
}) {
  const { t, r } = usePatientText();
  usePatientDocumentTitle(t("followUp.documentTitle", { name: followUp.pharmacyName }));
  return (
    <main className={page.page}>
      <Header followUp={followUp} />
      <div className={page.column}>
        <section className={page.section} aria-labelledby="follow-up-intro">
          <h2 id="follow-up-intro" className={page.sectionTitle}>
            {r("followUp.title")}
          </h2>
          <p className={page.sectionLead}>{r("followUp.lead", { count: followUp.questions.length })}</p>
          <div className={styles.medicines}>
            <Icon name="medicine" className={styles.medicineIcon} />
            {followUp.medicines.length > 0 ? (
              <ul className={styles.medicineList} aria-label={t("followUp.medicinesLabel")}>
                {followUp.medicines.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            ) : (
              <span>{r("followUp.medicine")}</span>
            )}
          </div>
        </section>
        <FollowUpQuestions token={token} questions={followUp.questions} onAnswered={onAnswered} />
        <PharmacyPhone followUp={followUp} />
      </div>
    </main>
  );
}

function AnsweredPage({ followUp, justNow }: { followUp: PublicFollowUp; justNow: boolean }) {
  const { t, r } = usePatientText();
  usePatientDocumentTitle(t("followUp.thanksTitle"));
  return (
    <main className={page.page}>
      <Header followUp={followUp} />
      <div className={page.column}>
        <section className={`${page.section} ${page.centered}`} role="status" data-testid="follow-up-done">
          <Icon name="done" className={page.doneIcon} />
          <h2 className={page.sectionTitle}>{justNow ? r("followUp.thanksTitle") : r("followUp.answeredTitle")}</h2>
          <p className={page.sectionLead}>{justNow ? r("followUp.thanks") : r("followUp.answered")}</p>
        </section>
        <PharmacyPhone followUp={followUp} />
      </div>
    </main>
  );
}

/** The branch's phone for anything urgent: the questionnaire is not read at once. */
function PharmacyPhone({ followUp }: { followUp: PublicFollowUp }) {
  const { r } = usePatientText();
  if (!followUp.pharmacyPhone) return null;
  return (
    <p className={page.footerNote}>
      {r("followUp.urgent")}
      <br />
      <a href={`tel:${followUp.pharmacyPhone}`} className={styles.phone}>
        <Icon name="phone" /> {formatPhoneNumber(followUp.pharmacyPhone)}
      </a>
    </p>
  );
}
