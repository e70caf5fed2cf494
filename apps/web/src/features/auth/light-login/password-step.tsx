import { EmailSchema, SignInPasswordSchema } from "@pharmacy/contract/auth/auth";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import type { SignInAnswer } from "@pharmacy/contract/auth/mfa";
import { useRef, useState, type FormEvent } from "react";
import { apiErrorCode } from "../../../lib/api/api-error";
import { fieldMessage } from "../../../lib/forms/field-message";
import { AUTH_NOTICE_MESSAGES, type AuthNotice } from "../../../lib/auth/login-notice";
import { ErrorAlert } from "./error-alert";
import styles from "./light-login.module.css";
import { signIn } from "./sign-in-calls";
import { TextField } from "./text-field";

interface PasswordStepProps {
  email?: string;
  notice?: AuthNotice;
  onAnswer: (answer: SignInAnswer) => void;
}

const withEmail = (path: string, email: string, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams({ ...(email ? { email } : {}), ...extra });
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

/** E-mail and password; the links to the password reset and the sign-up carry the typed address. */
export function PasswordStep({ email: knownEmail = "", notice, onAnswer }: PasswordStepProps) {
  const [email, setEmail] = useState(knownEmail);
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const typedEmail = email.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { email: fieldMessage(EmailSchema, email), password: fieldMessage(SignInPasswordSchema, password) };
    setErrors(found);
    if (found.email !== undefined || found.password !== undefined) {
      (found.email !== undefined ? emailInput : passwordInput).current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // Busy stays on: the page is left (or the code step shown) right after.
      onAnswer(await signIn({ email, password }));
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }

  const notConfirmed = apiErrorCode(error) === ErrorCode.NotConfirmed;
  return (
    <>
      {notice && !error && (
        <div role="status" className={`${styles.alert} ${notice === "session-ended" ? styles.info : styles.success}`}>
          {AUTH_NOTICE_MESSAGES[notice]}
        </div>
      )}
      <form name="login" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="メールアドレス"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoFocus={!knownEmail}
          value={email}
          onValue={setEmail}
          error={errors.email}
          inputRef={emailInput}
        />
        <TextField
          label="パスワード"
          type="password"
          autoComplete="current-password"
          autoFocus={Boolean(knownEmail)}
          value={password}
          onValue={setPassword}
          error={errors.password}
          inputRef={passwordInput}
        />
        <ErrorAlert
          error={error}
          action={
            notConfirmed ? (
              <a className={styles.alertAction} href={withEmail("/sign-up", typedEmail, { step: "confirm" })}>
                確認コードを入力
              </a>
            ) : undefined
          }
        />
        <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy || undefined}>
          ログイン
        </button>
      </form>
      <hr className={styles.divider} />
      <div className={styles.links}>
        <a className={styles.link} href={withEmail("/forgot-password", typedEmail)}>
          パスワードをお忘れの方
        </a>
        <a className={styles.secondary} href={withEmail("/sign-up", typedEmail)}>
          新規登録
        </a>
      </div>
    </>
  );
}
