import { BUSINESS_TIME_ZONE, businessDateOf } from "@pharmacy/contract/business-calendar";
import { receiveGuidance } from "@pharmacy/contract/patient-messages";
import { formatReceptionNumber } from "@pharmacy/contract/formats";
import type { PublicReceptionStatus } from "@pharmacy/contract/public";
import { useEffect } from "react";
import { formatFullDate } from "../../../lib/date-labels";
import { apiErrorMessage, apiErrorStatus } from "../../../lib/api-error";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { COMPLETED_DELIVERY_DETAIL, PATIENT_STATUS, STATUS_STEPS, TOO_MANY_REQUESTS_TEXT } from "../labels";
import { getPublicReceptionStatus } from "../public-api";
import { PublicMessagePage } from "./public-message-page";
import page from "./public-page.module.css";
import styles from "./reception-status-page.module.css";
import { Button, Icon, Spinner, type IconName } from "./ui";
import { useLoad } from "./use-load";

/** The status is asked for again this often (and whenever the visitor comes back to the tab). */
export const STATUS_POLL_MS = 10_000;

const STEP_ICONS: readonly IconName[] = ["file", "clock", "medicine", "done"];

/** Polls while the page is shown, and asks at once when the visitor comes back or the link returns. */
function usePolling(reload: () => void): void {
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") reload();
    }, STATUS_POLL_MS);
    const onBack = () => {
      if (document.visibilityState === "visible") reload();
    };
    document.addEventListener("visibilitychange", onBack);
    window.addEventListener("online", onBack);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onBack);
      window.removeEventListener("online", onBack);
    };
  }, [reload]);
}

/** /web/status/{statusToken}: the visitor's reception number and where their medicine is. */
export function ReceptionStatusPage({ statusToken }: { statusToken: string }) {
  const { data, error, loading, updatedAt, reload } = useLoad(() => getPublicReceptionStatus(statusToken));
  usePolling(reload);

  if (loading && !data && error === undefined) return <Spinner />;
  const status = apiErrorStatus(error);
  if (!data || status === 404) {
    if (status === 404 || status === 400) {
      return (
        <PublicMessagePage title="受付が見つかりません">
          <p>受付が取り消されたか、URLに誤りがある可能性があります。</p>
          <p>お手数ですが、薬局に直接お問い合わせください。</p>
        </PublicMessagePage>
      );
    }
    return (
      <PublicMessagePage title="受付状況を表示できませんでした">
        <p>{status === 429 ? TOO_MANY_REQUESTS_TEXT : apiErrorMessage(error)}</p>
        <Button variant="primary" icon={<Icon name="reload" />} loading={loading} onClick={reload}>
          もう一度読み込む
        </Button>
      </PublicMessagePage>
    );
  }
  return <StatusView reception={data} updatedAt={updatedAt} refreshing={loading} stale={Boolean(error)} onRefresh={reload} />;
}

interface StatusViewProps {
  reception: PublicReceptionStatus;
  updatedAt?: number;
  refreshing: boolean;
  /** The last poll failed: what is shown may be out of date. */
  stale: boolean;
  onRefresh: () => void;
}

const timeFormat = new Intl.DateTimeFormat("ja-JP", { timeZone: BUSINESS_TIME_ZONE, hour: "2-digit", minute: "2-digit", second: "2-digit" });

function StatusView({ reception, updatedAt, refreshing, stale, onRefresh }: StatusViewProps) {
  const number = formatReceptionNumber(reception.receptionNumber, reception.partitionNumber);
  const shown = PATIENT_STATUS[reception.status ?? "none"];
  const delivered = reception.answers.receiveMethod === "Delivery";
  useDocumentTitle(`受付番号 ${number} の受付状況`);
  const today = businessDateOf();

  return (
    <main className={page.page}>
      <header className={page.header}>
        <div className={page.headerInner}>
          <div className={page.kicker}>受付状況</div>
          <h1 className={page.branch}>{reception.pharmacyName}</h1>
        </div>
      </header>
      <div className={page.column}>
        <section className={`${page.section} ${page.centered}`} aria-labelledby="number-label">
          <p id="number-label" className={styles.numberLabel}>
            受付番号
          </p>
          <p className={page.receptionNumber} data-testid="status-reception-number">
            {number}
          </p>
          {reception.receptionDate !== today && <p className={styles.date}>{formatFullDate(reception.receptionDate)}の受付です</p>}
          <div className={`${styles.status} ${styles[`step${shown.step}`]}`} role="status" aria-live="polite" data-testid="reception-status">
            <div className={styles.statusTitle}>{shown.title}</div>
            <div className={styles.statusDetail}>
              {reception.status === "Completed" && delivered ? COMPLETED_DELIVERY_DETAIL : shown.detail}
            </div>
            {reception.status === null && !reception.openNow && (
              <div className={styles.statusDetail} data-testid="status-closed">
                {reception.nextOpening
                  ? `ただいま営業時間外です。${formatFullDate(reception.nextOpening.date)} ${reception.nextOpening.time}の開店後に確認します。`
                  : "ただいま営業時間外です。営業時間内に確認します。"}
              </div>
            )}
          </div>
          {reception.status !== "Completed" && <p className={styles.guidance}>{receiveGuidance(reception.answers, "Web")}</p>}
          <ol className={styles.steps} aria-label="お薬の準備の流れ">
            {STATUS_STEPS.map((label, index) => {
              const state = index < shown.step ? styles.done : index === shown.step ? styles.current : styles.todo;
              return (
                <li key={label} className={`${styles.step} ${state}`} aria-current={index === shown.step ? "step" : undefined}>
                  <Icon name={STEP_ICONS[index]!} className={styles.stepIcon} />
                  <span>{label}</span>
                </li>
              );
            })}
          </ol>
        </section>
        <div className={styles.refresh}>
          <p className={page.footerNote}>
            {stale ? "最新の状況を取得できませんでした。通信状況をご確認ください。" : "このページは10秒ごとに自動で更新されます。"}
            {updatedAt !== undefined && (
              <>
                <br />
                {`最終更新 ${timeFormat.format(updatedAt)}`}
              </>
            )}
          </p>
          <Button icon={<Icon name="reload" />} loading={refreshing} onClick={onRefresh} big>
            今すぐ更新
          </Button>
        </div>
      </div>
    </main>
  );
}
