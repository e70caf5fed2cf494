import { CloseOutlined } from "@ant-design/icons";
import type { QuestionKey } from "@pharmacy/contract/enums";
import { businessClockOf } from "@pharmacy/contract/business-calendar";
import { formatReceptionNumber } from "@pharmacy/contract/formats";
import { lastUsableDayOf } from "@pharmacy/contract/prescription-data";
import {
  answerQuestion,
  nextQuestion,
  previousQuestion,
  skipQuestion,
  type ChoiceContext,
} from "@pharmacy/contract/question-rules";
import type { Answers } from "@pharmacy/contract/questions";
import type { Reception } from "@pharmacy/contract/receptions";
import { DEFAULT_APP_SETTINGS } from "@pharmacy/contract/settings";
import { Alert, App, Button, Flex, Modal, Spin } from "antd";
import { useEffect, useState } from "react";
import { useAppDispatch } from "../../../lib/store-hooks";
import { apiErrorMessage, apiErrorStatus } from "../../../lib/api-error";
import { questionnaireLinkOf, useGetPharmacyQuery } from "../../../lib/pharmacy-api";
import { useGetAppSettingsQuery, useGetBusinessHoursQuery } from "../../../lib/settings-api";
import { asksExchangeNumber } from "../../../lib/prescription-limits";
import { useDeleteReceptionMutation, useGetReceptionQuery } from "../api";
import { COUNTER_RETURN_DAYS } from "../question-flow";
import { scansCleared } from "../scanned-prescriptions-slice";
import { PhotoStep } from "./photo-step";
import { ScanFiles } from "./scan-files";
import { QuestionStep } from "./question-step";
import { ExchangeStep } from "./exchange-step";
import { TicketStep } from "./ticket-step";
import styles from "./counter-flow.module.css";

type Step =
  | { kind: "photos" }
  | { kind: "question"; key: QuestionKey }
  | { kind: "exchange" }
  | { kind: "preview" }
  | { kind: "done" };

interface CounterFlowProps {
  /** The reception POST /api/reception just made for this patient. */
  reception: Reception;
  /** Closes the flow: after the done screen, or once the unfinished reception was cancelled. */
  onFinished: () => void;
  /** The counter kiosk: the done screen leads back to the welcome screen rather than the list. */
  kiosk?: boolean;
}

/**
 * The counter reception, full screen with big buttons: photograph the prescriptions, answer the
 * questions one at a time, check the ticket, confirm (and print), done. Cancelling at any step deletes
 * the unfinished reception.
 */
export function CounterFlow({ reception, onFinished, kiosk = false }: CounterFlowProps) {
  const { modal, message } = App.useApp();
  const settings = useGetAppSettingsQuery();
  const hours = useGetBusinessHoursQuery();
  const pharmacy = useGetPharmacyQuery();
  const [deleteReception] = useDeleteReceptionMutation();
  const [step, setStep] = useState<Step>({ kind: "photos" });
  const [answers, setAnswers] = useState<Answers>({});
  const [exchangeNumber, setExchangeNumber] = useState("");
  // The server has read the photos' codes by the time the return day or the 引換番号 is asked: their
  // last usable day, and the 引換番号 of an e-prescription's 控え photographed with them.
  const onReturnDate = step.kind === "question" && step.key === "returnDate";
  const current = useGetReceptionQuery(reception.id, {
    skip: !onReturnDate && step.kind !== "exchange",
    refetchOnMountOrArgChange: true,
  });
  const lastUsableDay = lastUsableDayOf(current.data?.prescriptions ?? []);
  const copiedExchangeNumber = current.data?.prescriptions.find((prescription) => prescription.prescriptionCopy)
    ?.prescriptionCopy?.exchangeNumber;
  const [refusal, setRefusal] = useState<string>();
  const number = formatReceptionNumber(reception.receptionNumber, reception.partitionNumber);
  const dispatch = useAppDispatch();
  const [files] = useState(() => new ScanFiles());

  // The staff list stays behind the full-screen counter: out of reach of a screen reader and the keyboard.
  useEffect(() => {
    const app = document.getElementById("root");
    app?.setAttribute("inert", "");
    return () => app?.removeAttribute("inert");
  }, []);

  // Each counter reception starts with an empty list of scanned prescriptions and leaves none behind.
  useEffect(() => {
    dispatch(scansCleared());
    return () => {
      files.releaseAll();
      dispatch(scansCleared());
    };
  }, [dispatch, files]);

  const appSettings = settings.data ?? DEFAULT_APP_SETTINGS;
  const questions = appSettings.questions.reception;
  const context: ChoiceContext | undefined = hours.data && {
    enabledReceiveMethods: appSettings.enabledReceiveMethods,
    businessHours: hours.data,
    clock: businessClockOf(),
    returnDays: COUNTER_RETURN_DAYS,
    ...(pharmacy.data && { webQuestionnaire: questionnaireLinkOf(pharmacy.data) !== null }),
  };
  const settingsError = settings.error ?? hours.error;

  function goAfter(current: QuestionKey | undefined, nextAnswers: Answers) {
    const next = nextQuestion(questions, nextAnswers, current, context);
    setStep(next ? { kind: "question", key: next.key } : { kind: "preview" });
  }

  function goBefore(from: QuestionKey | undefined) {
    const previous = previousQuestion(questions, answers, from, context);
    if (previous?.key === "verifyMethod" && asksExchangeNumber(answers)) setStep({ kind: "exchange" });
    else setStep(previous ? { kind: "question", key: previous.key } : { kind: "photos" });
  }

  function answer(key: QuestionKey, value: string) {
    const nextAnswers = answerQuestion(questions, answers, key, value);
    setAnswers(nextAnswers);
    if (key === "returnDate") setRefusal(undefined);
    if (key === "verifyMethod" && asksExchangeNumber(nextAnswers)) setStep({ kind: "exchange" });
    else goAfter(key, nextAnswers);
  }

  function skip(key: QuestionKey) {
    const nextAnswers = skipQuestion(questions, answers, key);
    setAnswers(nextAnswers);
    goAfter(key, nextAnswers);
  }

  function confirmCancel() {
    modal.confirm({
      title: "受付を中止しますか？",
      content: "ここまでの回答と撮影した処方箋は破棄されます。",
      okText: "中止する",
      okButtonProps: { danger: true, size: "large" },
      cancelButtonProps: { size: "large" },
      cancelText: "受付を続ける",
      centered: true,
      onOk: async () => {
        try {
          // An unconfirmed reception deleted from the counter is recorded as abandoned by the server.
          await deleteReception({ id: reception.id, receptionDate: reception.receptionDate }).unwrap();
        } catch (caught) {
          // Already gone (deleted from another screen): nothing left to cancel.
          if (apiErrorStatus(caught) !== 404) {
            void message.error(apiErrorMessage(caught));
            return;
          }
        }
        void message.info(`受付番号 ${number} の受付を中止しました`);
        onFinished();
      },
    });
  }

  let content;
  if (step.kind === "exchange") {
    content = (
      <ExchangeStep
        // mounted again once the 控え's number arrives, so it fills the field
        key={copiedExchangeNumber ?? ""}
        value={exchangeNumber || copiedExchangeNumber || ""}
        fromCopy={!exchangeNumber && copiedExchangeNumber !== undefined}
        onNext={(value) => {
          setExchangeNumber(value);
          goAfter("verifyMethod", answers);
        }}
        onBack={() => setStep({ kind: "question", key: "verifyMethod" })}
      />
    );
  } else if (step.kind === "photos") {
    content = (
      <PhotoStep
        receptionId={reception.id}
        files={files}
        // The questions depend on the settings: wait for them (a failure is shown on the next step).
        nextLoading={settings.isLoading || hours.isLoading}
        onNext={() => goAfter(undefined, answers)}
        kiosk={kiosk}
      />
    );
  } else if (step.kind === "question") {
    if (settingsError) {
      content = (
        <Alert
          type="error"
          showIcon
          title="質問の設定を読み込めませんでした"
          description={apiErrorMessage(settingsError)}
          action={
            <Button
              onClick={() => {
                void settings.refetch();
                void hours.refetch();
              }}
            >
              再読み込み
            </Button>
          }
        />
      );
    } else if (!context || settings.isLoading) {
      content = (
        <Flex justify="center" className={styles.loading}>
          <Spin size="large" description="読み込み中" />
        </Flex>
      );
    } else {
      const question = questions.find((candidate) => candidate.key === step.key);
      content = question && (
        <>
          {refusal && step.key === "returnDate" && (
            <Alert type="error" showIcon title={refusal} className={styles.notice} data-testid="return-date-refusal" />
          )}
          <QuestionStep
            key={step.key}
            question={question}
            questions={questions}
            answers={answers}
            context={context}
            onAnswer={(value) => answer(step.key, value)}
            onSkip={() => skip(step.key)}
            onBack={() => goBefore(step.key)}
            lastUsableDay={lastUsableDay}
          />
        </>
      );
    }
  } else {
    content = (
      <TicketStep
        reception={reception}
        questions={questions}
        answers={answers}
        exchangeNumber={asksExchangeNumber(answers) && exchangeNumber ? exchangeNumber : undefined}
        onReturnDateRefused={(text) => {
          setRefusal(text);
          setStep({ kind: "question", key: "returnDate" });
        }}
        autoPrint={appSettings.autoPrintTicket}
        confirmed={step.kind === "done"}
        kiosk={kiosk}
        onBack={() => goBefore(undefined)}
        onConfirmed={() => setStep({ kind: "done" })}
        onFinished={onFinished}
      />
    );
  }

  return (
    <Modal
      open
      // The dialog's name for screen readers; the frame's own header shows the number on screen.
      title={`店頭受付 受付番号 ${number}`}
      classNames={{ header: styles.visuallyHidden }}
      footer={null}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      width="100vw"
      rootClassName={styles.root}
    >
      <div className={styles.frame}>
        <header className={styles.header}>
          <div className={styles.headerNumber}>
            <span className={styles.headerCaption}>受付番号</span>
            <span className={styles.headerValue} data-testid="counter-number">
              {number}
            </span>
          </div>
          {step.kind !== "done" && (
            <Button size="large" icon={<CloseOutlined aria-hidden />} onClick={confirmCancel} className={styles.cancel}>
              キャンセル
            </Button>
          )}
        </header>
        <main className={styles.main}>{content}</main>
      </div>
    </Modal>
  );
}
