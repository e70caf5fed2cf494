import type { SignInResponse } from "@pharmacy/contract/auth/auth";
import { isMfaRequired } from "@pharmacy/contract/auth/mfa";
import { useEffect, useState } from "react";
import { getRefreshToken, storeTokens } from "../../../lib/auth/token-storage";
import { AuthCard } from "../components/auth-card";
import type { AuthNotice } from "../../../lib/auth/login-notice";
import { CodeStep } from "./code-step";
import { PasswordStep } from "./password-step";

interface LoginAppProps {
  email?: string;
  /** Where the staff app continues once signed in (the protected page that sent the visitor here). */
  target: string;
  notice?: AuthNotice;
  /** Leaves for the staff app (a full page load: it starts from the stored tokens). */
  leave: (target: string) => void;
}

/** Sign-in in one or two steps: the password, then (with two-factor sign-in) a code. */
export function LoginApp({ email, target, notice, leave }: LoginAppProps) {
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  // Already signed in (a bookmark, the back button): straight on. The staff app sends a person here only
  // after it has removed tokens it found refused, so this cannot bounce back and forth.
  const signedIn = getRefreshToken() !== null;
  useEffect(() => {
    if (signedIn) leave(target);
  }, [signedIn, leave, target]);
  if (signedIn) return null;

  function finish(tokens: SignInResponse) {
    storeTokens(tokens);
    leave(target);
  }

  if (mfaToken) {
    return (
      <AuthCard title="二段階認証">
        <CodeStep mfaToken={mfaToken} onSignedIn={finish} onBack={() => setMfaToken(null)} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="ログイン">
      <PasswordStep
        email={email}
        notice={notice}
        onAnswer={(answer) => (isMfaRequired(answer) ? setMfaToken(answer.mfaToken) : finish(answer))}
      />
    </AuthCard>
  );
}
