import { FormOutlined } from "@ant-design/icons";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { Alert, App, Button, Modal, Typography } from "antd";
import { useState, type ReactNode } from "react";
import { useGetPharmacyQuery } from "../../../lib/pharmacy/pharmacy-api";
import { useGetAppSettingsQuery, useGetBusinessHoursQuery } from "../../../lib/settings/settings-api";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import { DEFAULT_LANGUAGE } from "../../../lib/i18n/languages";
import { showLanguage } from "../../../lib/i18n/patient-i18n";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { KioskLanguage } from "./kiosk-language";
import { useCreateReceptionMutation, useDeleteReceptionMutation } from "../api";
import { CounterFlow } from "../counter/counter-flow";
import { kioskErrorMessage } from "./kiosk-error";
import { useKioskIdle } from "./use-kiosk-idle";
import styles from "./kiosk-page.module.css";

/**
 * The counter tablet as a kiosk (受付端末): a welcome screen with one large 「受付する」, the counter
 * flow, and back. No list, no names, no settings, no sign-out; `staffCorner` is the only way out
 * (a staff member's sign-in).
 */
export function KioskPage({ staffCorner }: { staffCorner: ReactNode }) {
  return (
    <App component={false}>
      <KioskScreen staffCorner={staffCorner} />
    </App>
  );
}

function KioskScreen({ staffCorner }: { staffCorner: ReactNode }) {
  const { t, r, m } = usePatientText();
  useDocumentTitle(t("kiosk.documentTitle"), t("product"));
  const { data: pharmacy } = useGetPharmacyQuery();
  // Loaded ahead, so the flow opens without waiting.
  useGetAppSettingsQuery();
  useGetBusinessHoursQuery();
  const [createReception, { isLoading: creating, error: createError, reset: clearCreateError }] =
    useCreateReceptionMutation();
  const [deleteReception] = useDeleteReceptionMutation();
  const [reception, setReception] = useState<Reception | null>(null);

  // Nobody answered 「続けますか？」: give the number up and make the screen ready for the next person.
  // The next person starts in Japanese (they choose again on the welcome screen).
  function reset() {
    setReception(null);
    void showLanguage(DEFAULT_LANGUAGE);
  }

  const { phase, stillHere } = useKioskIdle(reception?.id ?? null, (abandonedId) => {
    // Best effort: if this call is lost, the server removes the unconfirmed reception as abandoned after 15 minutes.
    void deleteReception({ id: abandonedId });
    reset();
  });

  async function start() {
    clearCreateError();
    try {
      setReception(await createReception().unwrap());
    } catch {
      // shown below
    }
  }

  return (
    <div className={styles.screen}>
      <header className={styles.bar}>
        <span className={styles.branch}>{pharmacy?.name ?? t("product")}</span>
      </header>
      <main className={styles.welcome}>
        <Typography.Title level={1} className={styles.greeting}>
          {r("kiosk.welcome")}
        </Typography.Title>
        <Typography.Paragraph className={styles.lead}>{r("kiosk.lead")}</Typography.Paragraph>
        <Button
          type="primary"
          icon={<FormOutlined aria-hidden />}
          className={styles.start}
          loading={creating}
          onClick={() => void start()}
        >
          {r("kiosk.start")}
        </Button>
        {createError && (
          <Alert
            type="error"
            showIcon
            title={r("kiosk.startFailed")}
            description={m(kioskErrorMessage(createError))}
            className={styles.error}
          />
        )}
        <KioskLanguage />
      </main>
      <div className={styles.corner}>{staffCorner}</div>

      {reception && (
        // A fresh flow per reception: nothing of the previous patient (photos, answers) survives.
        <CounterFlow key={reception.id} reception={reception} kiosk onFinished={reset} />
      )}
      <Modal
        open={phase.kind === "asking"}
        title={t("kiosk.idleTitle")}
        centered
        closable={false}
        keyboard={false}
        mask={{ closable: false }}
        okText={t("kiosk.idleContinue")}
        okButtonProps={{ size: "large", className: styles.continue }}
        footer={(_, { OkBtn }) => <OkBtn />}
        onOk={stillHere}
        zIndex={2000}
      >
        <Typography.Paragraph className={styles.askText}>
          {phase.kind === "asking" && r("kiosk.idleBody", { seconds: phase.secondsLeft })}
        </Typography.Paragraph>
      </Modal>
    </div>
  );
}
