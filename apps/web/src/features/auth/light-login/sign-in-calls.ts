import {
  SignInSchema,
  SignInResponseSchema,
  type SignInInput,
  type SignInResponse,
} from "@pharmacy/contract/auth/auth";
import { SignInAnswerSchema, VerifyMfaSchema, type SignInAnswer } from "@pharmacy/contract/auth/mfa";
import { postJson } from "../../../lib/api/fetch-json";

/** The tokens, or (two-factor sign-in on) the token for the code step. */
export function signIn(input: SignInInput): Promise<SignInAnswer> {
  return postJson("/auth/sign_in", SignInAnswerSchema, SignInSchema.parse(input));
}

export function verifyMfa(mfaToken: string, code: string): Promise<SignInResponse> {
  return postJson("/auth/verify_mfa", SignInResponseSchema, VerifyMfaSchema.parse({ mfaToken, code }));
}
