import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { patientChoices } from "../../../lib/receptions/patient-choices";
import { ArrowLeftOutlined, CheckOutlined } from "@ant-design/icons";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import type { QuestionSetting } from "@pharmacy/contract/settings/settings";
import { Alert, Button, Flex, Progress, Tag, theme, Typography } from "antd";
import { questionProgress, type ChoiceContext } from "@pharmacy/contract/receptions/question-rules";
import { isPastUsable, returnDateNotice } from "../../../lib/receptions/prescription-limits";
import { canSkip, progressLabel } from "../question-flow";
import styles from "./counter-flow.module.css";

interface QuestionStepProps {
  question: QuestionSetting;
  questions: QuestionSetting[];
  answers: Answers;
  context: ChoiceContext;
  onAnswer: (value: string) => void;
  onSkip: () => void;
  onBack: () => void;
  /** The last usable day of the prescriptions whose code was read (for the return day). */
  lastUsableDay: string | undefined;
}

/** One question, its answers as big buttons; optional questions can be skipped. */
export function QuestionStep({
  question,
  questions,
  answers,
  context,
  onAnswer,
  onSkip,
  onBack,
  lastUsableDay,
}: QuestionStepProps) {
  const text = usePatientText();
  const { t, r, m } = text;
  const choices = patientChoices(text, question.key, answers, context);
  const current = answers[question.key];
  const progress = questionProgress(questions, answers, question.key, context);
  const skippable = canSkip(question, choices);
  const many = choices.length > 6;
  const { token } = theme.useToken();
  const isReturnDate = question.key === "returnDate";
  const notice = isReturnDate
    ? returnDateNotice(
        text.language,
        lastUsableDay,
        choices.map((choice) => choice.value),
      )
    : undefined;

  return (
    <Flex vertical gap={24} className={styles.step}>
      <Flex vertical gap={8}>
        <Flex align="center" justify="space-between" gap={12}>
          <Typography.Text className={styles.progressText}>{m(progressLabel(progress.left))}</Typography.Text>
          <Tag color={question.required ? "red" : "default"} className={styles.requiredTag}>
            {question.required ? r("common.required") : r("common.optional")}
          </Tag>
        </Flex>
        <Progress
          percent={Math.round((progress.done / Math.max(1, progress.done + progress.left)) * 100)}
          showInfo={false}
          strokeColor={token.colorPrimary}
          aria-label={t("counter.questionProgress")}
        />
      </Flex>

      <Typography.Title level={2} className={styles.prompt} id="question-prompt">
        {r(`questions.${question.key}`)}
      </Typography.Title>

      {notice && (
        <Alert
          type={notice.type}
          showIcon
          title={m(notice.text)}
          className={styles.notice}
          data-testid="return-date-notice"
        />
      )}

      {choices.length === 0 ? (
        <Typography.Paragraph className={styles.note}>{r("counter.noChoices")}</Typography.Paragraph>
      ) : (
        <div role="group" aria-labelledby="question-prompt" className={many ? styles.choicesMany : styles.choices}>
          {choices.map((choice) => (
            <Button
              key={choice.value}
              type={current === choice.value ? "primary" : "default"}
              className={many ? styles.choiceSmall : styles.choice}
              icon={current === choice.value ? <CheckOutlined aria-hidden /> : undefined}
              aria-pressed={current === choice.value}
              disabled={isReturnDate && isPastUsable(choice.value, lastUsableDay)}
              onClick={() => onAnswer(choice.value)}
            >
              {choice.label}
            </Button>
          ))}
        </div>
      )}

      <Flex justify="space-between" gap={16} className={styles.footer}>
        <Button size="large" icon={<ArrowLeftOutlined aria-hidden />} className={styles.footerButton} onClick={onBack}>
          {r("common.back")}
        </Button>
        {skippable && (
          <Button size="large" className={styles.footerButton} onClick={onSkip}>
            {r("counter.skip")}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
