import { businessClockOf } from "@pharmacy/contract/calendar/business-calendar";
import type { QuestionKey, ReceiveMethod } from "@pharmacy/contract/shared/enums";
import { QUESTION_TEXT } from "@pharmacy/contract/receptions/question-labels";
import { PUBLIC_RETURN_DAYS } from "@pharmacy/contract/receptions/question-rules";
import type { BusinessHours } from "@pharmacy/contract/settings/settings";
import { Tag } from "antd";
import { useId } from "react";
import { ChoiceButtons, type Choice } from "../../../components/choice-buttons";
import { COMPACT_QUESTIONS, questionChoices } from "../../../lib/receptions/question-choices";
import { CONDITION_NOTES } from "../labels";
import styles from "./question-preview.module.css";

/** Enough to show what the buttons look like; the patient sees the whole public window. */
const PREVIEW_DATES = 4;

interface QuestionPreviewProps {
  questionKey: QuestionKey;
  required: boolean;
  enabledReceiveMethods: readonly ReceiveMethod[];
  businessHours?: BusinessHours;
}

/** The choices the patient gets for a question, from the branch's current settings (the first open day's periods). */
function previewChoices(
  key: QuestionKey,
  enabledReceiveMethods: readonly ReceiveMethod[],
  hours?: BusinessHours,
): Choice[] {
  const context = {
    enabledReceiveMethods,
    // Until the hours have loaded there is no day to offer.
    businessHours: hours ?? { weekly: [], closedDates: [], openOnHolidays: false },
    clock: businessClockOf(),
    returnDays: PUBLIC_RETURN_DAYS,
  };
  if (key === "returnDate") return questionChoices(key, {}, context).slice(0, PREVIEW_DATES);
  if (key === "returnTimePeriod") {
    const [first] = questionChoices("returnDate", {}, context);
    return first ? questionChoices(key, { returnDate: first.value }, context) : [];
  }
  return questionChoices(key, {}, context);
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
            compact={COMPACT_QUESTIONS.has(questionKey)}
          />
        ) : (
          <p className={styles.empty}>選べる候補がありません（営業時間・受け取り方法の設定をご確認ください）。</p>
        )}
        {questionKey === "returnDate" && choices.length > 0 && (
          <p className={styles.more}>{`…本日から${PUBLIC_RETURN_DAYS.horizonDays}日以内の営業日が並びます`}</p>
        )}
      </div>
    </figure>
  );
}
