import { BUSINESS_TIME_ZONE, businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { readyNotice, receiveGuidance } from "@pharmacy/contract/public/patient-messages";
import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import { statusRank } from "@pharmacy/contract/receptions/status-flow";
import type { PublicReceptionStatus } from "@pharmacy/contract/public/public";
import { useEffect, useRef, useState } from "react";
import { apiErrorMessage, apiErrorStatus } from "../../../lib/api/api-error";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import {
  CALLED_TEXT,
  closedNoticeOf,
  HANDED_OVER_TITLE,
  handedOverDetailOf,
  numberLabelOf,
  PATIENT_STATUS,
  STATUS_STEPS,
  TOO_MANY_REQUESTS_TEXT,
} from "../labels";
import { getPublicReceptionStatus } from "../public-api";
import { LineOffer } from "./line-offer";
import { NotifyPanel } from "./notify-panel";
import { PhotoRequestPanel } from "./photo-request-panel";
import { PublicMessagePage } from "./public-message-page";
import page from "./public-page.module.css";
import styles from "./reception-status-page.module.css";
import { Button, Icon, Spinner, type IconName } from "./ui";
import { useLoad } from "./use-load";

/** The status is asked for again this often (and whenever the visitor comes back to the tab). */
const STATUS_POLL_MS = 10_000;
/** After failures the page waits twice as long each time, up to this (a phone in a lift, a busy server). */
const MAX_POLL_MS = 60_000;

const STEP_ICONS: readonly IconName[] = ["file", "clock", "medicine", "done"];

/**
 * Polls while the page is shown (a hidden tab waits until it is shown again), backing off after
 * failures, and asks at once when the visitor comes back or the link returns; not once the reception
 * is over (`finished`: handed over), since nothing changes after.
 */
function usePolling(reload: () => void, loading: boolean, failed: boolean, finished: boolean): void {
  const failures = useRef(0);
  useEffect(() => {
    if (loading || finished) return;
    failures.current = failed ? failures.current + 1 : 0;
    const timer = setTimeout(
      () => {
        if (document.visibilityState === "visible") reload();
      },
      Math.min(STATUS_POLL_MS * 2 ** failures.current, MAX_POLL_MS),
    );
    const onBack = () => {
      if (document.visibilityState === "visible") reload();
    };
    document.addEventListener("visibilitychange", onBack);
    window.addEventListener("online", onBack);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onBack);
      window.removeEventListener("online", onBack);
    };
  }, [reload, loading, failed, finished]);
}

/** The page's manifest, so that an iPhone's 「ホーム画面に追加」 opens this status page as an app (where Web Push works). */
function useStatusManifest(): void {
  useEffect(() => {
    const link = Object.assign(document.createElement("link"), { rel: "manifest", href: "/public-status.webmanifest" });
    document.head.append(link);
    return () => link.remove();
  }, []);
}

/** /web/status/{statusToken}: the visitor's reception number and where their medicine is. */
export function ReceptionStatusPage({ statusToken }: { statusToken: string }) {
  const { data, error, loading, updatedAt, reload } = useLoad(() => getPublicReceptionStatus(statusToken));
  usePolling(reload, loading, error !== undefined, data?.handedOverAt !== undefined);
  useStatusManifest();

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
  return (
    <StatusView
      statusToken={statusToken}
      reception={data}
      updatedAt={updatedAt}
      refreshing={loading}
      stale={Boolean(error)}
      onRefresh={reload}
    />
  );
}

interface StatusViewProps {
  statusToken: string;
  reception: PublicReceptionStatus;
  updatedAt?: number;
  refreshing: boolean;
  /** The last poll failed: what is shown may be out of date. */
  stale: boolean;
  onRefresh: () => void;
}

const timeFormat = new Intl.DateTimeFormat("ja-JP", {
  timeZone: BUSINESS_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});
const readyTimeFormat = new Intl.DateTimeFormat("ja-JP", {
  timeZone: BUSINESS_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
});

function StatusView({ statusToken, reception, updatedAt, refreshing, stale, onRefresh }: StatusViewProps) {
  const number = formatReceptionNumber(reception.receptionNumber, reception.partitionNumber);
  const today = businessDateOf();
  const { handedOverAt } = reception;
  const delivered = reception.answers.receiveMethod === "Delivery";
  const completed = reception.status === "Completed";
  // handed over, every step is done; ready to deliver, the ready notice says so
  const step = handedOverAt ? STATUS_STEPS.length : statusRank(reception.status);
  const shown = handedOverAt
    ? { title: HANDED_OVER_TITLE, detail: handedOverDetailOf(handedOverAt, today) }
    : completed && delivered
      ? { ...PATIENT_STATUS.Completed, ...readyNotice(true) }
      : PATIENT_STATUS[reception.status ?? "none"];
  // the thanks stays after the request is answered, until the visitor leaves the page
  const [photosSent, setPhotosSent] = useState(false);
  useDocumentTitle(`受付番号 ${number} の受付状況`);
  const waiting = !completed && reception.receptionDate === today;
  // notices live until hand-over, whatever the day; once called, there is nothing left to announce
  const offerNotices = !handedOverAt && !(completed && reception.calledAt);

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
          <p id="number-label" className={styles.numberLabel} data-testid="status-number-label">
            {numberLabelOf(reception.receptionDate, today)}
          </p>
          <p className={page.receptionNumber} data-testid="status-reception-number">
            {number}
          </p>
          {reception.photoRequest && (
            <PhotoRequestPanel
              statusToken={statusToken}
              request={reception.photoRequest}
              privacyNotice={reception.privacyNotice}
              onSent={() => {
                setPhotosSent(true);
                onRefresh();
              }}
            />
          )}
          {photosSent && !reception.photoRequest && (
            <p className={styles.thanks} role="status" data-testid="photos-received">
              新しい写真を受け取りました。ありがとうございます。
            </p>
          )}
          <div
            className={`${styles.status} ${styles[`step${step}`]}`}
            role="status"
            aria-live="polite"
            data-testid="reception-status"
          >
            <div className={styles.statusTitle}>{shown.title}</div>
            <div className={styles.statusDetail} data-testid="status-detail">
              {shown.detail}
            </div>
            {completed && reception.calledAt && !delivered && !handedOverAt && (
              <div className={styles.called} data-testid="status-called">
                {CALLED_TEXT}
              </div>
            )}
            {reception.status === null && !reception.openNow && (
              <div className={styles.statusDetail} data-testid="status-closed">
                {closedNoticeOf(reception.nextOpening)}
              </div>
            )}
          </div>
          {waiting && (
            <div className={styles.wait} data-testid="status-wait">
              <p className={styles.waitItem}>
                あなたの前に <span className={styles.waitValue}>{reception.ahead}</span>人
              </p>
              {reception.estimatedReadyAt && (
                <p className={styles.waitItem}>
                  お渡しの目安{" "}
                  <span className={styles.waitValue}>
                    {readyTimeFormat.format(new Date(reception.estimatedReadyAt))}
                  </span>
                  ごろ
                </p>
              )}
            </div>
          )}
          {reception.status !== "Completed" && (
            <p className={styles.guidance}>{receiveGuidance(reception.answers, "Web")}</p>
          )}
          <ol className={styles.steps} aria-label="お薬の準備の流れ">
            {STATUS_STEPS.map((label, index) => {
              const state = index < step ? styles.done : index === step ? styles.current : styles.todo;
              return (
                <li
                  key={label}
                  className={`${styles.step} ${state}`}
                  aria-current={index === step ? "step" : undefined}
                >
                  <Icon name={STEP_ICONS[index]!} className={styles.stepIcon} />
                  <span>{label}</span>
                </li>
              );
            })}
          </ol>
          {offerNotices && <NotifyPanel statusToken={statusToken} />}
          {offerNotices && <LineOffer statusToken={statusToken} />}
        </section>
        {!handedOverAt && (
          <div className={styles.refresh}>
            <p className={page.footerNote}>
              {stale
                ? "最新の状況を取得できませんでした。通信状況をご確認ください。"
                : "このページは自動で更新されます。"}
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
        )}
      </div>
    </main>
  );
}
