import { useId, useState, type InputHTMLAttributes, type Ref } from "react";
import styles from "./light-login.module.css";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> {
  label: string;
  error?: string;
  onValue: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with its message below; a password field gets a 表示/非表示 switch. */
export function TextField({ label, error, onValue, inputRef, type, className, ...rest }: TextFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const isPassword = type === "password";
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={id}
          ref={inputRef}
          type={isPassword && shown ? "text" : type}
          className={[styles.input, isPassword ? styles.withToggle : undefined, className].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onValue(event.currentTarget.value)}
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            className={styles.toggle}
            aria-pressed={shown}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? "隠す" : "表示"}
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
