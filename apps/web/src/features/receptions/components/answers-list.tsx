import { QuestionKeySchema, type QuestionKey } from "@pharmacy/contract/enums";
import { answerLabel, QUESTION_TEXT } from "@pharmacy/contract/question-labels";
import type { Answers } from "@pharmacy/contract/questions";
import { Descriptions, Typography } from "antd";
import { formatPeriodValue } from "../../../lib/date-labels";
import { formatBusinessDate } from "../format";

/** The Japanese text of an answer: choices by their label, the return day and period as dates and times. */
export function answerText(key: QuestionKey, value: string): string {
  if (key === "returnDate") return formatBusinessDate(value);
  if (key === "returnTimePeriod") return formatPeriodValue(value);
  return answerLabel(key, value);
}

/** A reception's answers under the questions' short labels, in the catalogue's order. */
export function AnswersList({ answers }: { answers: Answers }) {
  const answered = QuestionKeySchema.options.filter((key) => answers[key] !== undefined);
  if (answered.length === 0) return <Typography.Text type="secondary">回答はまだありません。</Typography.Text>;
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      styles={{ label: { width: 160 } }}
      items={answered.map((key) => ({
        key,
        label: QUESTION_TEXT[key].label,
        children: answerText(key, answers[key]!),
      }))}
    />
  );
}
