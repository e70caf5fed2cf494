import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import { statusRank } from "@pharmacy/contract/receptions/status-flow";
import type { PublicReceptionStatus } from "@pharmacy/contract/public/public";
import { useEffect, useRef, useState } from "react";
import { PatientControls } from "../../../components/patient-controls";
import { apiErrorStatus } from "../../../lib/api/api-error";
import { message } from "../../../lib/i18n/message";
import { instantTimeIn } from "../../../lib/i18n/patient-dates";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { receiveGuidanceOf } from "../../../lib/receptions/patient-guidance";
import { closedNoticeOf, handedOverDetailOf, numberLabelOf, patientStatusOf, STATUS_STEPS } from "../labels";
import { usePatientDocumentTitle } from "./use-patient-document-title";
import { getPublicReceptionStatus } from "../public-api";
import { LineOffer } from "./line-offer";
import { NotifyPanel } from "./notify-panel";
import { PhotoRequestPanel } from "./photo-request-panel";
import { LoadFailedPage, PublicMessagePage } from "./public-message-page";
import page from "./public-page.module.css";
import { HouseholdNumbersWhenSent } from "./household-numbers-when-sent";
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
  const { t, r } = usePatientText();

  if (loading && !data && error === undefined) return <Spinner />;
  const status = apiErrorStatus(error);
  if (!data || status === 404) {
    if (status === 404 || status === 400) {
      return (
        <PublicMessagePage title={t("status.notFoundTitle")}>
          <p>{r("status.notFoundBody")}</p>
          <p>{r("status.notFoundAction")}</p>
        </PublicMessagePage>
      );
    }
    return <LoadFailedPage title={t("status.loadFailed")} error={error} loading={loading} onReload={reload} />;
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

function StatusView({ statusToken, reception, updatedAt, refreshing, stale, onRefresh }: StatusViewProps) {
  const { t, r, m, language } = usePatientText();
  const number = formatReceptionNumber(reception.receptionNumber, reception.partitionNumber);
  const today = businessDateOf();
  const { handedOverAt } = reception;
  const delivered = reception.answers.receiveMethod === "Delivery";
  const completed = reception.status === "Completed";
  // handed over, every step is done; ready to deliver, the ready notice says so
  const step = handedOverAt ? STATUS_STEPS.length : statusRank(reception.status);
  const shown = handedOverAt
    ? { title: message("status.handedOverTitle"), detail: handedOverDetailOf(language, handedOverAt, today) }
    : patientStatusOf(reception.status, delivered);
  // the thanks stays after the request is answered, until the visitor leaves the page
  const [photosSent, setPhotosSent] = useState(false);
  usePatientDocumentTitle(t("status.documentTitle", { number }));
  const waiting = !completed && reception.receptionDate === today;
  // notices live until hand-over, whatever the day; once called, there is nothing left to announce
  const offerNotices = !handedOverAt && !(completed && reception.calledAt);

  return (
    <main className={page.page}>
      <header className={page.header}>
        <div className={page.headerInner}>
          <PatientControls />
          <div className={page.kicker}>{r("status.kicker")}</div>
          <h1 className={page.branch}>{reception.pharmacyName}</h1>
        </div>
      </header>
      <div className={page.column}>
        <section className={`${page.section} ${page.centered}`} aria-labelledby="number-label">
          <p id="number-label" className={styles.numberLabel} data-testid="status-number-label">
            {m(numberLabelOf(language, reception.receptionDate, today))}
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
              {r("status.photosReceived")}
            </p>
          )}
          <div
            className={`${styles.status} ${styles[`step${step}`]}`}
            role="status"
            aria-live="polite"
            data-testid="reception-status"
          >
            <div className={styles.statusTitle}>{m(shown.title)}</div>
            <div className={styles.statusDetail} data-testid="status-detail">
              {m(shown.detail)}
            </div>
            {completed && reception.calledAt && !delivered && !handedOverAt && (
              <div className={styles.called} data-testid="status-called">
                {r("status.called")}
              </div>
            )}
            {reception.status === null && !reception.openNow && (
              <div className={styles.statusDetail} data-testid="status-closed">
                {m(closedNoticeOf(language, reception.nextOpening))}
              </div>
            )}
          </div>
          {waiting && (
            <div className={styles.wait} data-testid="status-wait">
              <p className={styles.waitItem}>
                {r("status.aheadLabel")}{" "}
                <span className={styles.waitValue}>{t("status.aheadCount", { count: reception.ahead })}</span>
              </p>
              {reception.estimatedReadyAt && (
                <p className={styles.waitItem}>
                  {r("status.readyAtLabel")}{" "}
                  <span className={styles.waitValue}>
                    {t("status.readyAt", { time: instantTimeIn(language, reception.estimatedReadyAt) })}
                  </span>
                </p>
              )}
            </div>
          )}
          {/* the others sent with it from one phone: one link shows them all (docs/rules.md#family) */}
          <HouseholdNumbersWhenSent numbers={reception.household ?? []} />
          {reception.status !== "Completed" && (
            <p className={styles.guidance}>{m(receiveGuidanceOf(language, reception.answers, "Web"))}</p>
          )}
          <ol className={styles.steps} aria-label={t("status.stepsLabel")}>
            {STATUS_STEPS.map((label, index) => {
              const state = index < step ? styles.done : index === step ? styles.current : styles.todo;
              return (
                <li
                  key={label.key}
                  className={`${styles.step} ${state}`}
                  aria-current={index === step ? "step" : undefined}
                >
                  <Icon name={STEP_ICONS[index]!} className={styles.stepIcon} />
                  <span>{m(label)}</span>
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
              {stale ? r("status.stale") : r("status.autoRefresh")}
              {updatedAt !== undefined && (
                <>
                  <br />
                  {t("status.updatedAt", { time: instantTimeIn(language, updatedAt, true) })}
                </>
              )}
            </p>
            <Button icon={<Icon name="reload" />} loading={refreshing} onClick={onRefresh} big>
              {r("status.refreshNow")}
            </Button>
          </div>
        )}
      </div>
    </main>
  );
}
