import {
  ConfirmForgotPasswordSchema,
  ConfirmSignUpSchema,
  EmailOnlySchema,
  SignInSchema,
  SignUpSchema,
  type ConfirmForgotPasswordInput,
  type ConfirmSignUpInput,
  type EmailOnlyInput,
  type SignInInput,
  type SignInResponse,
  type SignUpInput,
  type SignUpResponse,
} from "@pharmacy/contract/auth/auth";
import { SignInResponseSchema, SignUpResponseSchema } from "@pharmacy/contract/auth/auth";
import {
  SignInAnswerSchema,
  VerifyMfaSchema,
  type SignInAnswer,
  type VerifyMfaInput,
} from "@pharmacy/contract/auth/mfa";
import {
  AcceptInvitationResponseSchema,
  AcceptInvitationSchema,
  type AcceptInvitationInput,
  type AcceptInvitationResponse,
} from "@pharmacy/contract/auth/staff";
import { api } from "../../lib/api/api";
import { responds } from "../../lib/api/response-shape";

// Bodies go through the contract schemas first, so the server receives the same trimmed, lower-cased e-mail it checks.
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The tokens, or (two-factor sign-in on) the token for the code step. */
    signIn: build.mutation<SignInAnswer, SignInInput>({
      extraOptions: responds(SignInAnswerSchema),
      query: (input) => ({ url: "/auth/sign_in", method: "POST", body: SignInSchema.parse(input) }),
    }),
    signUp: build.mutation<SignUpResponse, SignUpInput>({
      extraOptions: responds(SignUpResponseSchema),
      query: (input) => ({ url: "/auth/sign_up", method: "POST", body: SignUpSchema.parse(input) }),
    }),
    confirmSignUp: build.mutation<void, ConfirmSignUpInput>({
      extraOptions: responds("none"),
      query: (input) => ({ url: "/auth/confirm_sign_up", method: "POST", body: ConfirmSignUpSchema.parse(input) }),
    }),
    resendConfirmationCode: build.mutation<void, EmailOnlyInput>({
      extraOptions: responds("none"),
      query: (input) => ({
        url: "/auth/resend_confirmation_code",
        method: "POST",
        body: EmailOnlySchema.parse(input),
      }),
    }),
    forgotPassword: build.mutation<void, EmailOnlyInput>({
      extraOptions: responds("none"),
      query: (input) => ({ url: "/auth/forgot_password", method: "POST", body: EmailOnlySchema.parse(input) }),
    }),
    confirmForgotPassword: build.mutation<void, ConfirmForgotPasswordInput>({
      extraOptions: responds("none"),
      query: (input) => ({
        url: "/auth/confirm_forgot_password",
        method: "POST",
        body: ConfirmForgotPasswordSchema.parse(input),
      }),
    }),
    verifyMfa: build.mutation<SignInResponse, VerifyMfaInput>({
      extraOptions: responds(SignInResponseSchema),
      query: (input) => ({ url: "/auth/verify_mfa", method: "POST", body: VerifyMfaSchema.parse(input) }),
    }),
    acceptInvitation: build.mutation<AcceptInvitationResponse, AcceptInvitationInput>({
      extraOptions: responds(AcceptInvitationResponseSchema),
      query: (input) => ({ url: "/auth/accept_invitation", method: "POST", body: AcceptInvitationSchema.parse(input) }),
    }),
    signOutToken: build.mutation<void, { refreshToken: string }>({
      extraOptions: responds("none"),
      query: (body) => ({ url: "/auth/sign_out", method: "POST", body }),
    }),
  }),
});

export const {
  useSignInMutation,
  useSignUpMutation,
  useConfirmSignUpMutation,
  useResendConfirmationCodeMutation,
  useForgotPasswordMutation,
  useConfirmForgotPasswordMutation,
  useVerifyMfaMutation,
  useAcceptInvitationMutation,
  useSignOutTokenMutation,
} = authApi;
