import type { SignInInput, SignInResponse } from "@pharmacy/contract/auth/auth";
import { isMfaRequired } from "@pharmacy/contract/auth/mfa";
import { useState } from "react";
import { useSignInMutation, useVerifyMfaMutation } from "../api";

/**
 * Sign-in in one or two steps: the password, then (for a person with two-factor sign-in) a code from
 * the authenticator app or a recovery code. `onSignedIn` gets the tokens and user either way.
 */
export function useSignInSteps(onSignedIn: (result: SignInResponse) => void | Promise<void>) {
  const [signIn, signInState] = useSignInMutation();
  const [verifyMfa, verifyState] = useVerifyMfaMutation();
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  async function submitPassword(values: SignInInput) {
    let result;
    try {
      result = await signIn(values).unwrap();
    } catch {
      return; // shown from passwordError
    }
    if (isMfaRequired(result)) {
      verifyState.reset();
      setMfaToken(result.mfaToken);
      return;
    }
    await onSignedIn(result);
  }

  async function submitCode(code: string) {
    if (!mfaToken) return;
    let result;
    try {
      result = await verifyMfa({ mfaToken, code }).unwrap();
    } catch {
      return; // shown from codeError
    }
    await onSignedIn(result);
  }

  function backToPassword() {
    setMfaToken(null);
    signInState.reset();
  }

  return {
    step: mfaToken ? ("code" as const) : ("password" as const),
    submitPassword,
    submitCode,
    backToPassword,
    passwordError: signInState.error,
    codeError: verifyState.error,
    busy: signInState.isLoading || verifyState.isLoading,
  };
}
