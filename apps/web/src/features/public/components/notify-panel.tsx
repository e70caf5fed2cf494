import { message, type Message } from "../../../lib/i18n/message";
import { publicErrorOf } from "../../../lib/i18n/patient-errors";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { useState } from "react";
import { currentPushSupport, rememberSubscribed, subscribedUntil, subscribeThisBrowser } from "../push-notifications";
import styles from "./notify-panel.module.css";
import { Button, Icon } from "./ui";

type State =
  { kind: "idle" } | { kind: "asking" } | { kind: "on" } | { kind: "denied" } | { kind: "failed"; message: Message };

/** 「準備ができたら通知を受け取る」: Web Push where the browser has it; on an iPhone, how to get it. */
export function NotifyPanel({ statusToken }: { statusToken: string }) {
  const [support] = useState(currentPushSupport);
  const [state, setState] = useState<State>(() => (subscribedUntil(statusToken) ? { kind: "on" } : { kind: "idle" }));
  const { t, r, m } = usePatientText();

  if (support === "unsupported") return null;
  if (support === "add-to-home-screen") {
    return (
      <section className={styles.panel} aria-label={t("status.notifyLabel")}>
        <p className={styles.note} data-testid="push-ios-note">
          <Icon name="bell" />
          {r("status.notifyIos")}
        </p>
      </section>
    );
  }

  async function subscribe() {
    setState({ kind: "asking" });
    try {
      const result = await subscribeThisBrowser(statusToken);
      if (result === "denied") {
        setState({ kind: "denied" });
        return;
      }
      rememberSubscribed(statusToken, result.expiresAt);
      setState({ kind: "on" });
    } catch (error) {
      setState({
        kind: "failed",
        message: error instanceof Error ? message("status.notifyFailed") : publicErrorOf(error),
      });
    }
  }

  return (
    <section className={styles.panel} aria-label={t("status.notifyLabel")} data-testid="push-panel">
      {state.kind === "on" ? (
        <p className={styles.on} role="status">
          <Icon name="check" />
          {r("status.notifyOn")}
        </p>
      ) : (
        <>
          <Button big icon={<Icon name="bell" />} loading={state.kind === "asking"} onClick={() => void subscribe()}>
            {r("status.notifyButton")}
          </Button>
          <p className={styles.note}>{r("status.notifyWhat")}</p>
          {state.kind === "denied" && (
            <p className={styles.problem} role="alert">
              {r("status.notifyDenied")}
            </p>
          )}
          {state.kind === "failed" && (
            <p className={styles.problem} role="alert">
              {m(state.message)}
            </p>
          )}
        </>
      )}
    </section>
  );
}
