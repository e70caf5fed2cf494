import {
  EmailSchema,
  PasswordSchema,
  PersonNameSchema,
  type ConfirmSignUpInput,
  type SignUpInput,
} from "@pharmacy/contract/auth/auth";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import { useNavigate } from "@tanstack/react-router";
import { Button, Divider, Form, Input, Steps } from "antd";
import { useState } from "react";
import { ButtonLink } from "../../../components/button-link";
import { apiErrorCode } from "../../../lib/api/api-error";
import { zodRule } from "../../../lib/forms/zod-rule";
import { useConfirmSignUpMutation, useResendConfirmationCodeMutation, useSignUpMutation } from "../api";
import { AuthCard } from "./auth-card";
import { AuthErrorAlert } from "./auth-error-alert";
import { CodeStepForm } from "./code-step-form";
import { PASSWORD_RULES_HELP } from "./password-rules";

export function SignUpPage({ email, step }: { email?: string; step?: "confirm" }) {
  const confirming = step === "confirm";
  return (
    <AuthCard title="新規登録">
      <Steps
        size="small"
        current={confirming ? 1 : 0}
        items={[{ title: "アカウント情報" }, { title: "メールアドレスの確認" }]}
        style={{ marginBottom: 24 }}
      />
      {confirming ? <ConfirmStep email={email} /> : <AccountStep email={email} />}
      <Divider />
      <ButtonLink to="/login/" reloadDocument search={{ email }} type="link" block>
        ログイン画面へ戻る
      </ButtonLink>
    </AuthCard>
  );
}

function AccountStep({ email }: { email?: string }) {
  const [form] = Form.useForm<SignUpInput>();
  const [signUp, { isLoading, error }] = useSignUpMutation();
  const navigate = useNavigate();

  async function handleFinish(values: SignUpInput) {
    try {
      await signUp(values).unwrap();
    } catch {
      return; // shown below from `error`
    }
    await navigate({
      to: "/sign-up",
      search: { email: EmailSchema.parse(values.email), step: "confirm" },
      replace: true,
    });
  }

  const emailTaken = apiErrorCode(error) === ErrorCode.EmailTaken;

  return (
    <Form
      form={form}
      name="sign-up"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email }}
      onFinish={handleFinish}
    >
      <Form.Item
        label="お名前"
        name="name"
        rules={[zodRule(PersonNameSchema)]}
        extra="画面の右上や操作履歴に表示されます"
      >
        <Input autoComplete="name" autoFocus={!email} maxLength={100} />
      </Form.Item>
      <Form.Item label="メールアドレス" name="email" rules={[zodRule(EmailSchema)]}>
        <Input type="email" autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item label="パスワード" name="password" rules={[zodRule(PasswordSchema)]} extra={PASSWORD_RULES_HELP}>
        <Input.Password autoComplete="new-password" autoFocus={Boolean(email)} />
      </Form.Item>
      <AuthErrorAlert
        error={error}
        action={
          emailTaken ? (
            <ButtonLink
              to="/login/"
              reloadDocument
              search={{ email: form.getFieldValue("email") as string | undefined }}
            >
              ログイン
            </ButtonLink>
          ) : undefined
        }
      />
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        登録する
      </Button>
    </Form>
  );
}

/** The server asks for a password with the code (after a resend): a 400 whose issues name `password`. */
function asksForPassword(error: unknown): boolean {
  const data = (error as { data?: { issues?: Array<{ path?: unknown[] }> } } | undefined)?.data;
  return data?.issues?.some((issue) => issue.path?.[0] === "password") ?? false;
}

/**
 * After 「確認コードを再送信」 the password given at sign-up is void (whoever signed up may not own the
 * mailbox), so the step asks for a new one with the code.
 */
function ConfirmStep({ email }: { email?: string }) {
  const [confirmSignUp, confirmState] = useConfirmSignUpMutation();
  const [resend, resendState] = useResendConfirmationCodeMutation();
  const [resent, setResent] = useState(false);
  const needsPassword = resent || asksForPassword(confirmState.error);

  return (
    <CodeStepForm<ConfirmSignUpInput>
      name="confirm-sign-up"
      email={email}
      intro={
        email ? (
          <p>{`${email} 宛てに6桁の確認コードを送信しました。メールに記載されたコードを入力してください。`}</p>
        ) : (
          <p>登録したメールアドレスと、メールに記載された6桁の確認コードを入力してください。</p>
        )
      }
      emailAutoComplete="email"
      submitLabel="確認する"
      confirm={(values) => confirmSignUp(values).unwrap()}
      confirmState={confirmState}
      resend={async (address) => {
        await resend({ email: address }).unwrap();
        setResent(true);
      }}
      resendState={resendState}
      doneNotice="signed-up"
    >
      {needsPassword && (
        <Form.Item
          label="新しいパスワード"
          name="password"
          rules={[zodRule(PasswordSchema)]}
          extra={`安全のため、登録時のパスワードは無効になりました。新しいパスワードを設定してください。${PASSWORD_RULES_HELP}`}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      )}
    </CodeStepForm>
  );
}
