import type { QuestionKey } from "@pharmacy/contract/shared/enums";
import type { ReactNode } from "react";
import type { Message } from "../../../lib/i18n/message";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import type { Choice } from "../../../components/choice-buttons";
import { COMPACT_QUESTIONS } from "../../../lib/receptions/question-choices";
import { ChoiceGroup } from "./choice-group";
import { QuestionnaireLink } from "./questionnaire-link";
import styles from "./web-reception-form.module.css";

export function FieldError({ id, message }: { id: string; message?: Message }) {
  const { m } = usePatientText();
  if (!message) return null;
  return (
    <p id={id} className={styles.error} role="alert">
      {m(message)}
    </p>
  );
}

interface TextFieldProps {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  value: string;
  error?: Message;
  onChange: (value: string) => void;
  placeholder?: string;
  type?: "text" | "tel" | "email";
  inputMode?: "tel" | "numeric" | "email";
  autoComplete: string;
}

export function TextField({ id, label, hint, value, error, onChange, type = "text", ...input }: TextFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={styles.input}
        {...input}
      />
      <FieldError id={`${id}-error`} message={error} />
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
    </div>
  );
}

interface QuestionFieldProps {
  questionKey: QuestionKey;
  required: boolean;
  choices: Choice[];
  value?: string;
  error?: Message;
  onChange: (value: string) => void;
  /** The periods depend on the day: until one is chosen there is nothing to choose yet, which is no error. */
  waitingForDate: boolean;
  questionnaireUrl?: string;
}

export function QuestionField({
  questionKey,
  required,
  choices,
  value,
  error,
  onChange,
  waitingForDate,
  questionnaireUrl,
}: QuestionFieldProps) {
  const { r } = usePatientText();
  const promptId = `question-${questionKey}`;
  const errorId = `${promptId}-error`;
  return (
    <div className={styles.question}>
      {/* The tag follows the prompt's last word, so a prompt takes no extra line for it. */}
      <p className={styles.questionHead}>
        <span id={promptId} className={styles.prompt}>
          {r(`questions.${questionKey}`)}
        </span>
        <span className={required ? `${styles.tag} ${styles.requiredTag}` : styles.tag}>
          {required ? r("common.required") : r("common.optional")}
        </span>
      </p>
      {waitingForDate ? (
        <p className={styles.noChoices}>{r("form.waitingForDate")}</p>
      ) : choices.length === 0 ? (
        <p className={styles.noChoices}>{r("form.noChoices")}</p>
      ) : (
        <ChoiceGroup
          choices={choices}
          value={value}
          onChange={onChange}
          labelledBy={promptId}
          compact={COMPACT_QUESTIONS.has(questionKey)}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
        />
      )}
      <FieldError id={errorId} message={error} />
      {questionnaireUrl && <QuestionnaireLink url={questionnaireUrl} />}
    </div>
  );
}
