import { QuestionKeySchema } from "@pharmacy/contract/shared/enums";
import { answerLabel } from "@pharmacy/contract/receptions/answer-labels";
import { QUESTION_TEXT } from "@pharmacy/contract/receptions/question-labels";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import { Descriptions, Typography } from "antd";

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
        children: answerLabel(key, answers[key]!),
      }))}
    />
  );
}
