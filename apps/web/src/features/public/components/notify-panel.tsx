import { useState } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { currentPushSupport, rememberSubscribed, subscribedUntil, subscribeThisBrowser } from "../push-notifications";
import styles from "./notify-panel.module.css";
import { Button, Icon } from "./ui";

type State =
  { kind: "idle" } | { kind: "asking" } | { kind: "on" } | { kind: "denied" } | { kind: "failed"; message: string };

const WHAT_IS_SENT =
  "お薬の準備ができたとき、お呼びするとき、写真の撮り直しをお願いするときにお知らせします（お渡しまで）。";

/** 「準備ができたら通知を受け取る」: Web Push where the browser has it; on an iPhone, how to get it. */
export function NotifyPanel({ statusToken }: { statusToken: string }) {
  const [support] = useState(currentPushSupport);
  const [state, setState] = useState<State>(() => (subscribedUntil(statusToken) ? { kind: "on" } : { kind: "idle" }));

  if (support === "unsupported") return null;
  if (support === "add-to-home-screen") {
    return (
      <section className={styles.panel} aria-label="通知">
        <p className={styles.note} data-testid="push-ios-note">
          <Icon name="bell" />
          iPhoneでは、共有ボタンから「ホーム画面に追加」し、ホーム画面から開くと、準備ができたときに通知を受け取れます。
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
        message:
          error instanceof Error
            ? "通知を設定できませんでした。時間をおいてもう一度お試しください。"
            : apiErrorMessage(error),
      });
    }
  }

  return (
    <section className={styles.panel} aria-label="通知" data-testid="push-panel">
      {state.kind === "on" ? (
        <p className={styles.on} role="status">
          <Icon name="check" />
          通知を受け取る設定にしました。このページを閉じても、準備ができたらお知らせします。
        </p>
      ) : (
        <>
          <Button big icon={<Icon name="bell" />} loading={state.kind === "asking"} onClick={() => void subscribe()}>
            準備ができたら通知を受け取る
          </Button>
          <p className={styles.note}>{WHAT_IS_SENT}</p>
          {state.kind === "denied" && (
            <p className={styles.problem} role="alert">
              通知が許可されませんでした。ブラウザの設定でこのサイトの通知を許可すると、受け取れるようになります。
            </p>
          )}
          {state.kind === "failed" && (
            <p className={styles.problem} role="alert">
              {state.message}
            </p>
          )}
        </>
      )}
    </section>
  );
}
