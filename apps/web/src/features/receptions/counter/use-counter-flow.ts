import type { QuestionKey } from "@pharmacy/contract/shared/enums";
import { businessClockOf } from "@pharmacy/contract/calendar/business-calendar";
import { lastUsableDayOf } from "@pharmacy/contract/files/prescription-data";
import { answerQuestion, skipQuestion, type ChoiceContext } from "@pharmacy/contract/receptions/question-rules";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import { DEFAULT_APP_SETTINGS } from "@pharmacy/contract/settings/settings";
import { useState } from "react";
import { questionnaireLinkOf, useGetPharmacyQuery } from "../../../lib/pharmacy/pharmacy-api";
import { useGetAppSettingsQuery, useGetBusinessHoursQuery } from "../../../lib/settings/settings-api";
import { useGetReceptionQuery } from "../api";
import { COUNTER_RETURN_DAYS } from "../question-flow";
import { stepAfter, stepAfterAnswer, stepBefore, type CounterStep } from "./counter-steps";

/**
 * The counter flow's state: the step shown, the answers so far, the 引換番号, the server's refusal of
 * the return day, and the settings and reception data the questions need; with the moves between steps.
 */
export function useCounterFlow(receptionId: string) {
  const settings = useGetAppSettingsQuery();
  const hours = useGetBusinessHoursQuery();
  const pharmacy = useGetPharmacyQuery();
  const [step, setStep] = useState<CounterStep>({ kind: "photos" });
  const [answers, setAnswers] = useState<Answers>({});
  const [exchangeNumber, setExchangeNumber] = useState("");
  // The server has read the photos' codes by the time the return day or the 引換番号 is asked: their
  // last usable day, and the 引換番号 of an e-prescription's 控え photographed with them.
  const onReturnDate = step.kind === "question" && step.key === "returnDate";
  const current = useGetReceptionQuery(receptionId, {
    skip: !onReturnDate && step.kind !== "exchange",
    refetchOnMountOrArgChange: true,
  });
  const lastUsableDay = lastUsableDayOf(current.data?.prescriptions ?? []);
  const copiedExchangeNumber = current.data?.prescriptions.find((prescription) => prescription.prescriptionCopy)
    ?.prescriptionCopy?.exchangeNumber;
  const [refusal, setRefusal] = useState<string>();

  const appSettings = settings.data ?? DEFAULT_APP_SETTINGS;
  const questions = appSettings.questions.reception;
  const context: ChoiceContext | undefined = hours.data && {
    enabledReceiveMethods: appSettings.enabledReceiveMethods,
    businessHours: hours.data,
    clock: businessClockOf(),
    returnDays: COUNTER_RETURN_DAYS,
    ...(pharmacy.data && { webQuestionnaire: questionnaireLinkOf(pharmacy.data) !== null }),
  };

  return {
    step,
    answers,
    exchangeNumber,
    copiedExchangeNumber,
    lastUsableDay,
    refusal,
    appSettings,
    questions,
    context,
    /** The questions depend on the settings: the photos step waits for them. */
    settingsLoading: settings.isLoading || hours.isLoading,
    settingsError: settings.error ?? hours.error,
    /** The question list still loading (`context` stays undefined until the business hours are in). */
    questionsLoading: settings.isLoading,
    reloadSettings() {
      void settings.refetch();
      void hours.refetch();
    },
    start() {
      setStep(stepAfter(questions, answers, undefined, context));
    },
    answer(key: QuestionKey, value: string) {
      const nextAnswers = answerQuestion(questions, answers, key, value);
      setAnswers(nextAnswers);
      if (key === "returnDate") setRefusal(undefined);
      setStep(stepAfterAnswer(questions, nextAnswers, key, context));
    },
    skip(key: QuestionKey) {
      const nextAnswers = skipQuestion(questions, answers, key);
      setAnswers(nextAnswers);
      setStep(stepAfter(questions, nextAnswers, key, context));
    },
    back(from: QuestionKey | undefined) {
      setStep(stepBefore(questions, answers, from, context));
    },
    exchangeEntered(value: string) {
      setExchangeNumber(value);
      setStep(stepAfter(questions, answers, "verifyMethod", context));
    },
    backToVerifyMethod() {
      setStep({ kind: "question", key: "verifyMethod" });
    },
    returnDateRefused(text: string) {
      setRefusal(text);
      setStep({ kind: "question", key: "returnDate" });
    },
    confirmed() {
      setStep({ kind: "done" });
    },
  };
}

export type CounterFlowState = ReturnType<typeof useCounterFlow>;
