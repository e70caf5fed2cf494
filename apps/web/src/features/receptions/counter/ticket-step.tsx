import { messageOr } from "../../../lib/i18n/message";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { receiveGuidanceOf } from "../../../lib/receptions/patient-guidance";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import {
  ArrowLeftOutlined,
  CheckOutlined,
  HomeOutlined,
  PrinterOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import { orderedAnswers } from "@pharmacy/contract/receptions/question-rules";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import type { QuestionSetting } from "@pharmacy/contract/settings/settings";
import { Alert, App, Button, Flex, QRCode, Spin, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { apiErrorCode, apiErrorMessage } from "../../../lib/api/api-error";
import { questionnaireLinkOf, useGetPharmacyQuery } from "../../../lib/pharmacy/pharmacy-api";
import { useConfirmReceptionMutation, useGetTicketPreviewQuery, useUpdateReceptionMutation } from "../api";
import { previewAnswerParams } from "../question-flow";
import { kioskErrorMessage } from "../kiosk/kiosk-error";
import { TicketFrame, type PatientTicketLines, type TicketFrameHandle } from "../../../components/ticket-frame";
import styles from "./counter-flow.module.css";

/** The done screen goes back to the list by itself after this long. */
export const DONE_RETURN_SECONDS = 30;

interface TicketStepProps {
  reception: Reception;
  questions: QuestionSetting[];
  answers: Answers;
  autoPrint: boolean;
  /** False: the preview with 「確定」; true: the done screen. The same frame stays for printing. */
  confirmed: boolean;
  /** 引換番号 to keep with the reception, when the answers ask for one and it was typed. */
  exchangeNumber: string | undefined;
  /** The server refused the return day (past the prescription's last usable day): pick again. */
  onReturnDateRefused: (message: string) => void;
  /** On the counter kiosk the done screen goes back to the welcome screen, not to the list. */
  kiosk: boolean;
  onBack: () => void;
  onConfirmed: () => void;
  onFinished: () => void;
}

/** The ticket preview (受付票) from the server, 「確定」 to save the answers and print, then the done screen. */
export function TicketStep({
  reception,
  questions,
  answers,
  exchangeNumber,
  onReturnDateRefused,
  autoPrint,
  confirmed,
  kiosk,
  onBack,
  onConfirmed,
  onFinished,
}: TicketStepProps) {
  const { message } = App.useApp();
  const { t, r, mText, language } = usePatientText();
  const preview = useGetTicketPreviewQuery({ id: reception.id, answers: previewAnswerParams(questions, answers) });
  const [updateReception, { isLoading: updating }] = useUpdateReceptionMutation();
  const [confirmReception, { isLoading: confirming }] = useConfirmReceptionMutation();
  const saving = updating || confirming;
  const frame = useRef<TicketFrameHandle>(null);
  /** Whether a ticket came out of the printer: only then is the patient told to take it. */
  const [printed, setPrinted] = useState(false);
  const number = formatReceptionNumber(reception.receptionNumber, reception.partitionNumber);
  const wantsWebQuestionnaire = answers.questionnaireType === "Web";
  const { questionnaireUrl } = useGetPharmacyQuery(undefined, {
    skip: !wantsWebQuestionnaire,
    selectFromResult: ({ data }) => ({ questionnaireUrl: questionnaireLinkOf(data) }),
  });

  const guidance = mText(receiveGuidanceOf(language, answers, "Paper"));
  // the ticket is the server's, in Japanese: a patient of another language gets its main lines in theirs
  const patientLines: PatientTicketLines | undefined =
    language === "ja"
      ? undefined
      : {
          lang: language,
          lines: [
            `${t("counter.numberCaption")} ${number}`,
            guidance,
            ...(wantsWebQuestionnaire && questionnaireUrl ? [t("counter.questionnaireQr")] : []),
          ],
        };

  async function confirm() {
    try {
      await updateReception({
        id: reception.id,
        answers: orderedAnswers(questions, answers),
        ...(exchangeNumber !== undefined && { exchangeNumber }),
      }).unwrap();
      // Until now staff screens show it greyed as 受付中; confirmed, it becomes a real 未確認 reception.
      await confirmReception(reception.id).unwrap();
    } catch (caught) {
      if (apiErrorCode(caught) === ErrorCode.ReturnDateAfterUsable) {
        onReturnDateRefused(mText(messageOr("errors.returnDateAfterUsable", apiErrorMessage(caught))));
        return;
      }
      void message.error(kiosk ? mText(kioskErrorMessage(caught)) : apiErrorMessage(caught));
      return;
    }
    onConfirmed();
    if (autoPrint) print();
  }

  function print() {
    setPrinted(true);
    frame.current?.print();
  }

  return (
    <div className={styles.ticketLayout}>
      <div className={styles.ticketPaper}>
        {preview.data ? (
          <TicketFrame ref={frame} html={preview.data} patientLines={patientLines} />
        ) : preview.error ? (
          <Alert
            type="error"
            showIcon
            title={r("counter.ticketFailed")}
            description={apiErrorMessage(preview.error)}
            action={<Button onClick={() => void preview.refetch()}>{r("counter.reload")}</Button>}
          />
        ) : (
          <Flex justify="center" className={styles.loading}>
            <Spin size="large" description={t("counter.ticketMaking")} />
          </Flex>
        )}
      </div>

      {confirmed ? (
        <DonePanel
          number={number}
          guidance={guidance}
          questionnaireUrl={wantsWebQuestionnaire ? questionnaireUrl : null}
          kiosk={kiosk}
          printed={printed}
          onPrint={print}
          onFinished={onFinished}
        />
      ) : (
        <Flex vertical gap={24} className={styles.ticketSide}>
          <Typography.Title level={2} className={styles.prompt}>
            {r("counter.confirmTitle")}
          </Typography.Title>
          <Typography.Paragraph className={styles.note}>{r("counter.confirmLead")}</Typography.Paragraph>
          <Button
            type="primary"
            className={styles.confirmButton}
            icon={<CheckOutlined aria-hidden />}
            loading={saving}
            disabled={!preview.data}
            onClick={() => void confirm()}
          >
            {r("counter.confirm")}
          </Button>
          <Button
            size="large"
            icon={<ArrowLeftOutlined aria-hidden />}
            className={styles.footerButton}
            disabled={saving}
            onClick={onBack}
          >
            {r("common.back")}
          </Button>
        </Flex>
      )}
    </div>
  );
}

interface DonePanelProps {
  number: string;
  /** What to do next for the chosen receive method: the same sentence as on the ticket. */
  guidance: string;
  /** Shown as a QR code when the patient chose to fill in the questionnaire on the web. */
  questionnaireUrl: string | null;
  kiosk: boolean;
  printed: boolean;
  onPrint: () => void;
  onFinished: () => void;
}

function DonePanel({ number, guidance, questionnaireUrl, kiosk, printed, onPrint, onFinished }: DonePanelProps) {
  const [secondsLeft, setSecondsLeft] = useState(DONE_RETURN_SECONDS);
  const { r } = usePatientText();
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });
  useEffect(() => {
    const timer = setInterval(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (secondsLeft <= 0) finished.current();
  }, [secondsLeft]);

  return (
    <Flex vertical gap={20} align="center" className={styles.ticketSide} role="status">
      <Typography.Text className={styles.doneCaption}>{r("counter.doneTitle")}</Typography.Text>
      <div className={styles.doneNumberBox}>
        <span className={styles.doneNumberLabel}>{r("counter.numberCaption")}</span>
        <span className={styles.doneNumber} data-testid="done-number">
          {number}
        </span>
      </div>
      <Typography.Paragraph className={styles.note} data-testid="done-guidance">
        {printed ? r("counter.takeTicket", { guidance }) : guidance}
      </Typography.Paragraph>
      {questionnaireUrl && (
        <Flex align="center" gap={16} className={styles.questionnaire}>
          <QRCode value={questionnaireUrl} size={120} bordered={false} />
          <Typography.Text className={styles.note}>{r("counter.questionnaireQr")}</Typography.Text>
        </Flex>
      )}
      <Flex gap={16} wrap justify="center">
        <Button icon={<PrinterOutlined aria-hidden />} className={styles.doneButton} onClick={onPrint}>
          {r("counter.printTicket")}
        </Button>
        <Button
          type="primary"
          icon={kiosk ? <HomeOutlined aria-hidden /> : <UnorderedListOutlined aria-hidden />}
          className={styles.doneButton}
          onClick={onFinished}
        >
          {kiosk ? r("counter.backToStart") : r("counter.backToList")}
        </Button>
      </Flex>
      <Typography.Text type="secondary">
        {kiosk
          ? r("counter.backToStartIn", { seconds: Math.max(0, secondsLeft) })
          : r("counter.backToListIn", { seconds: Math.max(0, secondsLeft) })}
      </Typography.Text>
    </Flex>
  );
}
