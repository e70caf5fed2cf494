import type { QuestionKey, ReceiveMethod } from "@pharmacy/contract/enums";
import { answerLabel, QUESTION_TEXT } from "@pharmacy/contract/question-labels";
import { AnswerValueSchemas } from "@pharmacy/contract/questions";
import { formatPeriod, type BusinessHours } from "@pharmacy/contract/settings";
import { Tag } from "antd";
import { useId } from "react";
import {
  formatMonthDay,
  formatPeriodText,
  periodsLeftOn,
  pharmacyClock,
  returnDateChoices,
} from "../../../lib/business-days";
import { ChoiceButtons, type Choice } from "../../../components/choice-buttons";
import { CONDITION_NOTES } from "../labels";
import styles from "./question-preview.module.css";

/** Enough to show what the buttons look like; the patient sees up to 30 days. */
const PREVIEW_DATES = 4;

interface QuestionPreviewProps {
  questionKey: QuestionKey;
  required: boolean;
  enabledReceiveMethods: readonly ReceiveMethod[];
  businessHours?: BusinessHours;
}

/** The choices the patient gets for a question, from the branch's current settings. */
function previewChoices(key: QuestionKey, enabledReceiveMethods: readonly ReceiveMethod[], hours?: BusinessHours): Choice[] {
  if (key === "receiveMethod") {
    return AnswerValueSchemas.receiveMethod.options
      .filter((method) => enabledReceiveMethods.includes(method))
      .map((method) => ({ value: method, label: answerLabel(key, method) }));
  }
  if (key === "returnDate" || key === "returnTimePeriod") {
    if (!hours) return [];
    const clock = pharmacyClock();
    const dates = returnDateChoices(hours, clock);
    if (key === "returnDate") return dates.slice(0, PREVIEW_DATES).map((date) => ({ value: date, label: formatMonthDay(date) }));
    const first = dates[0];
    return first
      ? periodsLeftOn(first, hours, clock).map((period) => ({ value: formatPeriod(period), label: formatPeriodText(period) }))
      : [];
  }
  return AnswerValueSchemas[key].options.map((value: string) => ({ value, label: answerLabel(key, value) }));
}

/** How the patient sees one question: its prompt and its answers as big buttons. */
export function QuestionPreview({ questionKey, required, enabledReceiveMethods, businessHours }: QuestionPreviewProps) {
  const promptId = useId();
  const choices = previewChoices(questionKey, enabledReceiveMethods, businessHours);
  const condition = CONDITION_NOTES[questionKey];
  return (
    <figure className={styles.preview} aria-label="患者さまに表示される画面のプレビュー">
      <figcaption className={styles.caption}>患者さまに表示される画面</figcaption>
      <div className={styles.screen}>
        <div className={styles.head}>
          <Tag color={required ? "red" : "default"}>{required ? "必須" : "任意"}</Tag>
          {condition && <span className={styles.condition}>{condition}</span>}
        </div>
        <p id={promptId} className={styles.prompt}>
          {QUESTION_TEXT[questionKey].prompt}
        </p>
        {choices.length > 0 ? (
          <ChoiceButtons
            choices={choices}
            labelledBy={promptId}
            readOnly
            compact={questionKey === "returnDate" || questionKey === "returnTimePeriod"}
          />
        ) : (
          <p className={styles.empty}>選べる候補がありません（営業時間・受け取り方法の設定をご確認ください）。</p>
        )}
        {questionKey === "returnDate" && choices.length > 0 && <p className={styles.more}>…本日から30日以内の営業日が並びます</p>}
      </div>
    </figure>
  );
}
