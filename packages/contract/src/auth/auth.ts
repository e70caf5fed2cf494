import * as z from "../shared/zod.js";
import { TextSchema, textSchema } from "../shared/text.js";
import { toHalfWidthAscii, toHalfWidthDigits } from "../shared/half-width.js";
import { OrganizationNameSchema } from "../organization/organization.js";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const CONFIRMATION_CODE_LENGTH = 6;

/** Every e-mail address typed (sign-up, sign-in, invitations, the public form): full-width is converted first. */
export const EmailSchema = z
  .string({ error: "メールアドレスを入力してください" })
  .overwrite(toHalfWidthAscii)
  .trim()
  .min(1, "メールアドレスを入力してください")
  .max(254, "メールアドレスが長すぎます")
  .pipe(z.email("メールアドレスは有効なメールアドレスではありません"))
  .transform((email) => email.toLowerCase());

export const PasswordSchema = textSchema("パスワードを入力してください")
  .min(PASSWORD_MIN_LENGTH, "パスワードは8文字以上で入力してください")
  .max(PASSWORD_MAX_LENGTH, "パスワードは128文字以内で入力してください")
  .regex(/[a-z]/, "パスワードには英小文字を含めてください")
  .regex(/[A-Z]/, "パスワードには英大文字を含めてください")
  .regex(/\d/, "パスワードには数字を含めてください");

/** Sign-in checks only presence: the password rules may have changed since the account was made. */
export const SignInPasswordSchema = textSchema("パスワードを入力してください")
  .min(1, "パスワードを入力してください")
  .max(PASSWORD_MAX_LENGTH, "パスワードは128文字以内で入力してください");

export const ConfirmationCodeSchema = z
  .string({ error: "確認コードを入力してください" })
  .trim()
  .transform(toHalfWidthDigits)
  .pipe(z.string().regex(/^\d{6}$/, "確認コードは6桁の数字で入力してください"));

export const OpaqueTokenSchema = TextSchema.min(1).max(512);

/** A person's name as the header, the staff list and the audit log show it. */
export const PersonNameSchema = textSchema("名前を入力してください")
  .trim()
  .min(1, "名前を入力してください")
  .max(100, "名前は100文字以内で入力してください");

/** `organizationName` (法人名): the organisation sign-up creates with its first branch; empty when not given. */
export const SignUpSchema = z.strictObject({
  email: EmailSchema,
  password: PasswordSchema,
  name: PersonNameSchema,
  organizationName: OrganizationNameSchema.optional(),
});
export type SignUpInput = z.input<typeof SignUpSchema>;

export const SignUpResponseSchema = z.object({ userConfirmed: z.boolean() });
export type SignUpResponse = z.infer<typeof SignUpResponseSchema>;

/** `password` sets the account's password; after 「確認コードを再送信」 it is required (the one given at sign-up is void). */
export const ConfirmSignUpSchema = z.strictObject({
  email: EmailSchema,
  code: ConfirmationCodeSchema,
  password: PasswordSchema.optional(),
});
export type ConfirmSignUpInput = z.input<typeof ConfirmSignUpSchema>;

export const EmailOnlySchema = z.strictObject({ email: EmailSchema });
export type EmailOnlyInput = z.input<typeof EmailOnlySchema>;

export const SignInSchema = z.strictObject({ email: EmailSchema, password: SignInPasswordSchema });
export type SignInInput = z.input<typeof SignInSchema>;

export const ConfirmForgotPasswordSchema = z.strictObject({
  email: EmailSchema,
  code: ConfirmationCodeSchema,
  newPassword: PasswordSchema,
});
export type ConfirmForgotPasswordInput = z.input<typeof ConfirmForgotPasswordSchema>;

export const RefreshTokenSchema = z.strictObject({ refreshToken: OpaqueTokenSchema });
export type RefreshTokenInput = z.infer<typeof RefreshTokenSchema>;

export const UserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  pharmacyId: z.uuid(),
});
export type User = z.infer<typeof UserSchema>;

export const SignInResponseSchema = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  user: UserSchema,
});
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

export const RefreshTokenResponseSchema = z.object({ idToken: z.string() });
export type RefreshTokenResponse = z.infer<typeof RefreshTokenResponseSchema>;

export const OkResponseSchema = z.object({ ok: z.literal(true) });
