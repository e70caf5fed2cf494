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
  type User,
} from "@pharmacy/contract/auth";
import { api } from "../../lib/api";

// Bodies go through the contract schemas first, so the server receives the same trimmed, lower-cased e-mail it checks.
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<SignInResponse, SignInInput>({
      query: (input) => ({ url: "/auth/sign_in", method: "POST", body: SignInSchema.parse(input) }),
    }),
    signUp: build.mutation<SignUpResponse, SignUpInput>({
      query: (input) => ({ url: "/auth/sign_up", method: "POST", body: SignUpSchema.parse(input) }),
    }),
    confirmSignUp: build.mutation<void, ConfirmSignUpInput>({
      query: (input) => ({ url: "/auth/confirm_sign_up", method: "POST", body: ConfirmSignUpSchema.parse(input) }),
    }),
    resendConfirmationCode: build.mutation<void, EmailOnlyInput>({
      query: (input) => ({
        url: "/auth/resend_confirmation_code",
        method: "POST",
        body: EmailOnlySchema.parse(input),
      }),
    }),
    forgotPassword: build.mutation<void, EmailOnlyInput>({
      query: (input) => ({ url: "/auth/forgot_password", method: "POST", body: EmailOnlySchema.parse(input) }),
    }),
    confirmForgotPassword: build.mutation<void, ConfirmForgotPasswordInput>({
      query: (input) => ({
        url: "/auth/confirm_forgot_password",
        method: "POST",
        body: ConfirmForgotPasswordSchema.parse(input),
      }),
    }),
    getCurrentUser: build.query<User, void>({
      query: () => "/api/user/me",
      providesTags: ["User"],
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
} = authApi;
