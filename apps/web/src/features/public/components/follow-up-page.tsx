import { ErrorCode } from "@pharmacy/contract/shared/errors";
import { FOLLOW_UP_MESSAGE, type PublicFollowUp } from "@pharmacy/contract/follow-ups/patient-page";
import { formatPhoneNumber } from "@pharmacy/contract/shared/phone-number";
import { useState } from "react";
import { apiErrorCode, apiErrorMessage, apiErrorStatus } from "../../../lib/api/api-error";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import { TOO_MANY_REQUESTS_TEXT } from "../labels";
import { getPublicFollowUp } from "../public-api";
import { FollowUpQuestions } from "./follow-up-questions";
import { PublicMessagePage } from "./public-message-page";
import page from "./public-page.module.css";
import styles from "./follow-up-page.module.css";
import { Button, Icon, Spinner } from "./ui";
import { useLoad } from "./use-load";

/**
 * /web/follow-up/{token}: the patient's 体調確認 (docs/rules.md#continuity-of-care), phone first, no sign-in. The questions are
 * answered once: a second visit (or a second sending) is thanked and told it is done.
 */
export function FollowUpPage({ token }: { token: string }) {
  const { data, error, loading, reload } = useLoad(() => getPublicFollowUp(token));
  const [answeredNow, setAnsweredNow] = useState(false);

  if (loading && !data && error === undefined) return <Spinner />;
  if (!data) {
    const status = apiErrorStatus(error);
    if (status === 410 || apiErrorCode(error) === ErrorCode.FollowUpLinkExpired) {
      return (
        <PublicMessagePage title="このページは終了しました">
          <p>{FOLLOW_UP_MESSAGE.expired}</p>
        </PublicMessagePage>
      );
    }
    if (status === 404 || status === 400) {
      return (
        <PublicMessagePage title="ページが見つかりません">
          <p>URLに誤りがある可能性があります。お手数ですが、メールのリンクから開き直してください。</p>
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
  if (answeredNow || data.answeredAt) return <AnsweredPage followUp={data} justNow={answeredNow} />;
  return <QuestionnairePage token={token} followUp={data} onAnswered={() => setAnsweredNow(true)} />;
}

function Header({ followUp }: { followUp: PublicFollowUp }) {
  return (
    <header className={page.header}>
      <div className={page.headerInner}>
        <div className={page.kicker}>お薬の体調確認</div>
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
  useDocumentTitle(`${followUp.pharmacyName} 体調確認`);
  return (
    <main className={page.page}>
      <Header followUp={followUp} />
      <div className={page.column}>
        <section className={page.section} aria-labelledby="follow-up-intro">
          <h2 id="follow-up-intro" className={page.sectionTitle}>
            {FOLLOW_UP_MESSAGE.title}
          </h2>
          <p className={page.sectionLead}>
            お薬を飲み始めてからの体調について、{followUp.questions.length}
            つの質問にお答えください。1分ほどで終わります。
          </p>
          <div className={styles.medicines}>
            <Icon name="medicine" className={styles.medicineIcon} />
            {followUp.medicines.length > 0 ? (
              <ul className={styles.medicineList} aria-label="対象のお薬">
                {followUp.medicines.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            ) : (
              <span>お薬</span>
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
  useDocumentTitle("ご回答ありがとうございました");
  return (
    <main className={page.page}>
      <Header followUp={followUp} />
      <div className={page.column}>
        <section className={`${page.section} ${page.centered}`} role="status" data-testid="follow-up-done">
          <Icon name="done" className={page.doneIcon} />
          <h2 className={page.sectionTitle}>{justNow ? "ご回答ありがとうございました" : "ご回答済みです"}</h2>
          <p className={page.sectionLead}>
            {justNow ? FOLLOW_UP_MESSAGE.thanks : `${FOLLOW_UP_MESSAGE.answered}ありがとうございました。`}
          </p>
        </section>
        <PharmacyPhone followUp={followUp} />
      </div>
    </main>
  );
}

/** The branch's phone for anything urgent: the questionnaire is not read at once. */
function PharmacyPhone({ followUp }: { followUp: PublicFollowUp }) {
  if (!followUp.pharmacyPhone) return null;
  return (
    <p className={page.footerNote}>
      体調が急に悪くなったときや、お急ぎの場合はお電話ください。
      <br />
      <a href={`tel:${followUp.pharmacyPhone}`} className={styles.phone}>
        <Icon name="phone" /> {formatPhoneNumber(followUp.pharmacyPhone)}
      </a>
    </p>
  );
}
