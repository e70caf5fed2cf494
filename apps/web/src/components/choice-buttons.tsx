import { CheckOutlined } from "@ant-design/icons";
import { Button } from "antd";
import styles from "./choice-buttons.module.css";

export interface Choice {
  value: string;
  label: string;
}

interface ChoiceButtonsProps {
  choices: readonly Choice[];
  value?: string;
  onChange?: (value: string) => void;
  /** id of the element holding the question, so the group is announced with it. */
  labelledBy?: string;
  /** A preview: same look, nothing happens on a tap. */
  readOnly?: boolean;
  /** Many short answers (dates, times): smaller text so each stays on one line in two columns. */
  compact?: boolean;
  id?: string;
}

/**
 * A question's answers as large buttons, one tap to choose (docs/rules.md#questions). Works as an antd Form control
 * (value/onChange); each button is a radio for screen readers and tests.
 */
export function ChoiceButtons({ choices, value, onChange, labelledBy, readOnly, compact, id }: ChoiceButtonsProps) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} id={id} className={styles.group}>
      {choices.map((choice) => {
        const selected = value === choice.value;
        return (
          <Button
            key={choice.value}
            role="radio"
            aria-checked={selected}
            type={selected ? "primary" : "default"}
            icon={selected && !compact ? <CheckOutlined aria-hidden /> : undefined}
            className={compact ? `${styles.choice} ${styles.compact}` : styles.choice}
            autoInsertSpace={false}
            tabIndex={readOnly ? -1 : undefined}
            onClick={readOnly ? undefined : () => onChange?.(choice.value)}
          >
            {choice.label}
          </Button>
        );
      })}
    </div>
  );
}
