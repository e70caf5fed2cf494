import { ErrorCode } from "@pharmacy/contract/shared/errors";
import { YES_NO_OPTIONS, type FollowUpQuestion } from "@pharmacy/contract/follow-ups/follow-up-templates";
import { useState } from "react";
import { apiValidationIssues } from "../../../components/api-form-errors";
import { apiErrorCode } from "../../../lib/api/api-error";
import { messageOr, type Message } from "../../../lib/i18n/message";
import { publicErrorOf } from "../../../lib/i18n/patient-errors";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { answerErrors, answersToSend, type AnswerDraft } from "../follow-up-answers";
import { questionWords, type Words } from "../follow-up-wording";
import { answerFollowUp } from "../public-api";
import { ChoiceGroup } from "./choice-group";
import { FieldError } from "./form-fields";
import page from "./public-page.module.css";
import styles from "./follow-up-page.module.css";
import formStyles from "./web-reception-form.module.css";
import { Alert, Button, Icon } from "./ui";

interface FollowUpQuestionsProps {
  token: string;
  questions: readonly FollowUpQuestion[];
  /** Sent, or the server says it was answered already: either way the page thanks the patient. */
  onAnswered: () => void;
}

/** The questions in large buttons (one tap each), checked before sending; 送信 once. */
export function FollowUpQuestions({ token, questions, onAnswered }: FollowUpQuestionsProps) {
  const [draft, setDraft] = useState<AnswerDraft>({});
  const [errors, setErrors] = useState<Record<string, Message>>({});
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<Message | null>(null);
  const { t, r, m } = usePatientText();
  const say = (words: Words) => (words.key ? r(words.key) : words.own);

  function answer(key: string, value: string | string[]) {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (tried) setErrors(answerErrors(questions, answersToSend(questions, next)));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const answers = answersToSend(questions, draft);
    const found = answerErrors(questions, answers);
    setTried(true);
    setErrors(found);
    const firstKey = questions.find((question) => found[question.key])?.key;
    if (firstKey) {
      document.getElementById(`follow-up-${firstKey}`)?.scrollIntoView({ block: "center" });
      return;
    }
    setSending(true);
    setSendError(null);
    try {
      await answerFollowUp(token, { answers });
      onAnswered();
    } catch (error) {
      if (apiErrorCode(error) === ErrorCode.FollowUpAnswered) {
        onAnswered();
        return;
      }
      const issues = apiValidationIssues(error);
      if (issues.length > 0) {
        setErrors(
          Object.fromEntries(
            issues.map((issue) => [String(issue.path[1] ?? issue.path[0]), messageOr("errors.invalid", issue.message)]),
          ),
        );
      }
      setSendError(publicErrorOf(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className={page.section}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t("followUp.formLabel")}
    >
      <ol className={styles.questions}>
        {questions.map((question, index) => (
          <li key={question.key} id={`follow-up-${question.key}`} className={formStyles.question}>
            <p className={formStyles.questionHead}>
              <span id={`follow-up-${question.key}-prompt`} className={formStyles.prompt}>
                {question.callRequest && <Icon name="phone" className={styles.promptIcon} />}
                {index + 1}. {say(questionWords(question).label)}
              </span>
              <span
                className={
                  question.required && question.kind !== "symptoms"
                    ? `${formStyles.tag} ${formStyles.requiredTag}`
                    : formStyles.tag
                }
              >
                {question.required && question.kind !== "symptoms" ? r("common.required") : r("common.optional")}
              </span>
            </p>
            <QuestionInput
              question={question}
              value={draft[question.key]}
              invalid={Boolean(errors[question.key])}
              onChange={(value) => answer(question.key, value)}
            />
            {question.callRequest && draft[question.key] === "yes" && (
              <p className={styles.callNote}>{r("followUp.callNote")}</p>
            )}
            <FieldError id={`follow-up-${question.key}-error`} message={errors[question.key]} />
          </li>
        ))}
      </ol>
      {sendError && (
        <Alert type="error" title={t("followUp.sendFailed")}>
          {m(sendError)}
        </Alert>
      )}
      <Button type="submit" variant="primary" big loading={sending} icon={<Icon name="send" />} className={styles.send}>
        {r("followUp.send")}
      </Button>
      <p className={page.footerNote}>{r("followUp.once")}</p>
    </form>
  );
}

interface QuestionInputProps {
  question: FollowUpQuestion;
  value: string | string[] | undefined;
  invalid: boolean;
  onChange: (value: string | string[]) => void;
}

function QuestionInput({ question, value, invalid, onChange }: QuestionInputProps) {
  const { t, r } = usePatientText();
  const options = questionWords(question).options;
  const say = (value: string) => {
    const words = options[value]!;
    return words.key ? r(words.key) : words.own;
  };
  const sayText = (value: string) => {
    const words = options[value]!;
    return words.key ? t(words.key) : words.own;
  };
  const promptId = `follow-up-${question.key}-prompt`;
  const describedBy = invalid ? `follow-up-${question.key}-error` : undefined;
  if (question.kind === "text") {
    return (
      <textarea
        className={`${formStyles.input} ${styles.textarea}`}
        aria-labelledby={promptId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        rows={3}
        maxLength={1000}
        value={typeof value === "string" ? value : ""}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  if (question.kind === "symptoms") {
    const chosen = Array.isArray(value) ? value : [];
    const toggle = (option: string) =>
      onChange(chosen.includes(option) ? chosen.filter((item) => item !== option) : [...chosen, option]);
    return (
      <div role="group" aria-labelledby={promptId} aria-describedby={describedBy} className={styles.symptoms}>
        {question.options.map((option) => (
          <button
            key={option.value}
            type="button"
            role="checkbox"
            aria-checked={chosen.includes(option.value)}
            className={styles.symptom}
            onClick={() => toggle(option.value)}
          >
            <span className={styles.box} aria-hidden>
              {chosen.includes(option.value) && <Icon name="check" />}
            </span>
            {say(option.value)}
          </button>
        ))}
        <button
          type="button"
          role="checkbox"
          aria-checked={Array.isArray(value) && value.length === 0}
          className={styles.symptom}
          onClick={() => onChange([])}
        >
          <span className={styles.box} aria-hidden>
            {Array.isArray(value) && value.length === 0 && <Icon name="check" />}
          </span>
          <span>{r("followUp.noSymptoms")}</span>
        </button>
      </div>
    );
  }
  const choices =
    question.kind === "yesNo"
      ? YES_NO_OPTIONS.map((option) => ({
          ...option,
          label: t(option.value === "yes" ? "followUp.yes" : "followUp.no"),
        }))
      : question.options.map((option) => ({ value: option.value, label: sayText(option.value) }));
  return (
    <ChoiceGroup
      choices={choices}
      value={typeof value === "string" ? value : undefined}
      onChange={onChange}
      labelledBy={promptId}
      stacked={question.kind === "choice"}
      invalid={invalid}
      describedBy={describedBy}
    />
  );
}
