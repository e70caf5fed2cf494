import * as z from "../shared/zod.js";
import { OpaqueTokenSchema, SignInResponseSchema } from "./auth.js";
import { toHalfWidthDigits } from "../shared/half-width.js";

export const MFA_ISSUER = "薬局受付";
export const MFA_TOKEN_VALID_MINUTES = 5;
export const MFA_TOKEN_MAX_TRIES = 5;
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit authenticator code, or a recovery code (xxxxx-xxxxx) where a sign-in accepts one. */
export const TotpCodeSchema = z
  .string({ error: "認証コードを入力してください" })
  .trim()
  .transform(toHalfWidthDigits)
  .pipe(z.string().regex(/^\d{6}$/, "認証コードは6桁の数字で入力してください"));

export const RecoveryCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-z]{5}-[0-9a-z]{5}$/, "リカバリーコードの形式が正しくありません");

export const MfaSignInCodeSchema = z.union([TotpCodeSchema, RecoveryCodeSchema], {
  error: "認証コードは6桁の数字、またはリカバリーコードを入力してください",
});

/** POST /api/user/mfa/setup takes nothing: no body, or an empty object. */
export const MfaSetupBodySchema = z.strictObject({}).nullish();

export const MfaSetupResponseSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type MfaSetupResponse = z.infer<typeof MfaSetupResponseSchema>;

export const MfaCodeSchema = z.strictObject({ code: TotpCodeSchema });
export type MfaCodeInput = z.input<typeof MfaCodeSchema>;

export const MfaEnableResponseSchema = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type MfaEnableResponse = z.infer<typeof MfaEnableResponseSchema>;

export const MfaRequiredResponseSchema = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() });
export type MfaRequiredResponse = z.infer<typeof MfaRequiredResponseSchema>;

/** POST /auth/sign_in: tokens, or, for a person with two-factor sign-in, the step that asks for a code. */
export const SignInAnswerSchema = z.union([SignInResponseSchema, MfaRequiredResponseSchema]);
export type SignInAnswer = z.infer<typeof SignInAnswerSchema>;

export function isMfaRequired(answer: SignInAnswer): answer is MfaRequiredResponse {
  return "mfaRequired" in answer;
}

export const VerifyMfaSchema = z.strictObject({ mfaToken: OpaqueTokenSchema, code: MfaSignInCodeSchema });
export type VerifyMfaInput = z.input<typeof VerifyMfaSchema>;

export const MfaPolicySchema = z.strictObject({ requireMfaForAdmins: z.boolean() });
export type MfaPolicy = z.infer<typeof MfaPolicySchema>;
