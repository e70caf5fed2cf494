import { usePatientText } from "../../../lib/i18n/use-patient-text";
import type { QuestionKey } from "@pharmacy/contract/shared/enums";
import { Alert, Button, Flex, Spin } from "antd";
import { apiErrorMessage } from "../../../lib/api/api-error";
import type { CounterFlowState } from "./use-counter-flow";
import { QuestionStep } from "./question-step";
import styles from "./counter-flow.module.css";

/**
 * One question of the counter flow, once its settings are loaded (or why they are not), with the
 * server's refusal of a return day above the days to pick again.
 */
export function CounterQuestion({ flow, questionKey }: { flow: CounterFlowState; questionKey: QuestionKey }) {
  const { t, r } = usePatientText();
  if (flow.settingsError) {
    return (
      <Alert
        type="error"
        showIcon
        title={r("counter.settingsFailed")}
        description={apiErrorMessage(flow.settingsError)}
        action={<Button onClick={flow.reloadSettings}>{r("counter.reload")}</Button>}
      />
    );
  }
  if (!flow.context || flow.questionsLoading) {
    return (
      <Flex justify="center" className={styles.loading}>
        <Spin size="large" description={t("common.loading")} />
      </Flex>
    );
  }
  const question = flow.questions.find((candidate) => candidate.key === questionKey);
  return (
    question && (
      <>
        {flow.refusal && questionKey === "returnDate" && (
          <Alert
            type="error"
            showIcon
            title={flow.refusal}
            className={styles.notice}
            data-testid="return-date-refusal"
          />
        )}
        <QuestionStep
          key={questionKey}
          question={question}
          questions={flow.questions}
          answers={flow.answers}
          context={flow.context}
          onAnswer={(value) => flow.answer(questionKey, value)}
          onSkip={() => flow.skip(questionKey)}
          onBack={() => flow.back(questionKey)}
          lastUsableDay={flow.lastUsableDay}
        />
      </>
    )
  );
}
