import type { Message } from "../../../lib/i18n/message";
import { publicErrorOf } from "../../../lib/i18n/patient-errors";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { useEffect, useState } from "react";
import type { LineOffer as Offer } from "@pharmacy/contract/line/line";
import { apiErrorStatus } from "../../../lib/api/api-error";
import { getLineOffer, newLineLink } from "../public-api";
import styles from "./notify-panel.module.css";
import { Button, Icon } from "./ui";

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
  const [problem, setProblem] = useState<Message>();
  const { t, r, m } = usePatientText();

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
    <section className={styles.panel} aria-label={t("status.lineLabel")} data-testid="line-offer">
      {offer.linked && (
        <p className={styles.on} role="status">
          <Icon name="check" />
          {r("status.lineLinked")}
        </p>
      )}
      <Button big icon={<Icon name="bell" />} loading={opening} onClick={() => void open()}>
        {offer.linked ? r("status.lineButtonAnother") : r("status.lineButton")}
      </Button>
      <p className={styles.note}>{r("status.lineWhat")}</p>
      {problem && (
        <p className={styles.problem} role="alert">
          {m(problem)}
        </p>
      )}
    </section>
  );
}

/** The server's own words for why no code is made (notices over, LINE not offered) to a Japanese reader, else the usual message. */
function refusalOf(error: unknown): Message {
  const status = apiErrorStatus(error);
  const said = (error as { data?: { message?: unknown } }).data?.message;
  return (status === 404 || status === 409) && typeof said === "string"
    ? { ...publicErrorOf(error), japanese: said }
    : publicErrorOf(error);
}
