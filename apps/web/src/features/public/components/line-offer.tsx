import { useEffect, useState } from "react";
import type { LineOffer as Offer } from "@pharmacy/contract/line/line";
import { apiErrorMessage, apiErrorStatus } from "../../../lib/api/api-error";
import { getLineOffer, newLineLink } from "../public-api";
import styles from "./notify-panel.module.css";
import { Button, Icon } from "./ui";

const WHAT_IS_SENT =
  "LINEが開いたら、入力済みのメッセージをそのまま送信してください。お薬の準備ができたとき、お呼びするとき、写真の撮り直しをお願いするときに、薬局のLINE公式アカウントからお知らせします（お名前やお薬の名前は送りません）。";

interface LineOfferProps {
  statusToken: string;
  /** Opens LINE (the page leaves for the app); tests watch it instead. */
  openLine?: (url: string) => void;
}

/**
 * 「LINEで通知を受け取る」 where the branch has set up its LINE Official Account: a tap makes a one-time
 * code and opens LINE with it typed in a message to the account; sending it links this LINE to the
 * reception. Nothing is shown where the branch has no LINE or the reception's notices are over.
 */
export function LineOffer({ statusToken, openLine = (url) => window.location.assign(url) }: LineOfferProps) {
  const [offer, setOffer] = useState<Offer>();
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    let current = true;
    getLineOffer(statusToken)
      .then((answer) => current && setOffer(answer))
      // no offer is shown when it cannot be read: push and the status page still work
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [statusToken]);

  if (!offer?.available) return null;

  async function open() {
    setOpening(true);
    setProblem(undefined);
    try {
      openLine((await newLineLink(statusToken)).url);
    } catch (error) {
      setProblem(refusalOf(error));
    } finally {
      setOpening(false);
    }
  }

  return (
    <section className={styles.panel} aria-label="LINEでのお知らせ" data-testid="line-offer">
      {offer.linked && (
        <p className={styles.on} role="status">
          <Icon name="check" />
          LINEでお知らせを受け取る設定になっています。
        </p>
      )}
      <Button big icon={<Icon name="bell" />} loading={opening} onClick={() => void open()}>
        {offer.linked ? "別のLINEでも通知を受け取る" : "LINEで通知を受け取る"}
      </Button>
      <p className={styles.note}>{WHAT_IS_SENT}</p>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

/** The server's own words for why no code is made (notices over, LINE not offered), else the usual message. */
function refusalOf(error: unknown): string {
  const status = apiErrorStatus(error);
  const message = (error as { data?: { message?: unknown } }).data?.message;
  return (status === 404 || status === 409) && typeof message === "string" ? message : apiErrorMessage(error);
}
