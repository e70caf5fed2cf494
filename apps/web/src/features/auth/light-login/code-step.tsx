import { MfaSignInCodeSchema } from "@pharmacy/contract/auth/mfa";
import type { SignInResponse } from "@pharmacy/contract/auth/auth";
import { useState, type FormEvent } from "react";
import { fieldMessage } from "../../../lib/forms/field-message";
import { ErrorAlert } from "./error-alert";
import styles from "./light-login.module.css";
import { verifyMfa } from "./sign-in-calls";
import { TextField } from "./text-field";

interface CodeStepProps {
  mfaToken: string;
  onSignedIn: (tokens: SignInResponse) => void;
  onBack: () => void;
}

/** The second sign-in step: a code from the authenticator app, or one of the printed recovery codes. */
export function CodeStep({ mfaToken, onSignedIn, onBack }: CodeStepProps) {
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState<string>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    const message = fieldMessage(MfaSignInCodeSchema, trimmed);
    setInvalid(message);
    if (message !== undefined) return;
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await verifyMfa(mfaToken, trimmed));
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }

  return (
    <form name="mfa" noValidate onSubmit={(event) => void submit(event)}>
      <p>
        認証アプリに表示されている6桁の確認コードを入力してください。スマートフォンが手元にないときは、印刷しておいたリカバリーコードも使えます。
      </p>
      <TextField
        label="確認コード（またはリカバリーコード）"
        autoComplete="one-time-code"
        autoFocus
        maxLength={32}
        value={code}
        onValue={setCode}
        error={invalid}
      />
      <ErrorAlert error={error} />
      <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy || undefined}>
        確認してログイン
      </button>
      <button type="button" className={styles.link} onClick={onBack} style={{ marginTop: 8 }}>
        メールアドレスの入力に戻る
      </button>
    </form>
  );
}
