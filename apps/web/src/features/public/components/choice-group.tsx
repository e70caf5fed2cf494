import type { Choice } from "../../../components/choice-buttons";
import styles from "./choice-group.module.css";
import { Icon } from "./ui";

interface ChoiceGroupProps {
  choices: readonly Choice[];
  value?: string;
  onChange: (value: string) => void;
  /** id of the element holding the question, so the group is announced with it. */
  labelledBy: string;
  /** Many short answers (dates, times): smaller buttons, three to a row. */
  compact?: boolean;
  /** Longer answers, one to a row (the follow-up questionnaire's choices). */
  stacked?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/** A question's answers as large buttons, one tap to choose (docs/rules.md#questions); each is a radio for screen readers. */
export function ChoiceGroup({
  choices,
  value,
  onChange,
  labelledBy,
  compact,
  stacked,
  invalid,
  describedBy,
}: ChoiceGroupProps) {
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      // Three short answers fit one row on a phone, which keeps a step of questions to one screen.
      className={[
        styles.group,
        stacked
          ? styles.stackedGroup
          : compact
            ? styles.compactGroup
            : choices.length === 3
              ? styles.threeGroup
              : undefined,
      ]
        .filter(Boolean)
        .join(" ")}
    >
      {choices.map((choice) => {
        const selected = value === choice.value;
        return (
          <button
            key={choice.value}
            type="button"
            role="radio"
            aria-checked={selected}
            className={[styles.choice, compact ? styles.compact : undefined, selected ? styles.selected : undefined]
              .filter(Boolean)
              .join(" ")}
            onClick={() => onChange(choice.value)}
          >
            {selected && !compact && <Icon name="check" />}
            {/* one flex item, so a label with furigana wraps as text */}
            <span>{choice.label}</span>
          </button>
        );
      })}
    </div>
  );
}
