import {
  ConfirmationCodeSchema,
  EmailSchema,
  PasswordSchema,
  type ConfirmForgotPasswordInput,
  type EmailOnlyInput,
} from "@pharmacy/contract/auth";
import { useNavigate } from "@tanstack/react-router";
import { Alert, Button, Divider, Flex, Form, Input, Steps } from "antd";
import { useState } from "react";
import { ButtonLink } from "../../../components/button-link";
import { apiErrorMessage } from "../../../lib/api-error";
import { zodRule } from "../../../lib/zod-rule";
import { useConfirmForgotPasswordMutation, useForgotPasswordMutation } from "../api";
import { AuthCard } from "./auth-card";
import { ConfirmationCodeInput } from "./confirmation-code-input";
import { PASSWORD_RULES_HELP } from "./password-rules";

const RESENT_MESSAGE = "確認コードを再送信しました。メールをご確認ください。";

export function ForgotPasswordPage({ email, step }: { email?: string; step?: "reset" }) {
  const resetting = step === "reset";
  return (
    <AuthCard title="パスワード再設定">
      <Steps
        size="small"
        current={resetting ? 1 : 0}
        items={[{ title: "メールアドレス" }, { title: "新しいパスワード" }]}
        style={{ marginBottom: 24 }}
      />
      {resetting ? <ResetStep email={email} /> : <RequestStep email={email} />}
      <Divider />
      <ButtonLink to="/login/" search={{ email }} type="link" block>
        ログイン画面へ戻る
      </ButtonLink>
    </AuthCard>
  );
}

function RequestStep({ email }: { email?: string }) {
  const [forgotPassword, { isLoading, error }] = useForgotPasswordMutation();
  const navigate = useNavigate();

  async function handleFinish(values: EmailOnlyInput) {
    try {
      await forgotPassword(values).unwrap();
    } catch {
      return; // shown below from `error`
    }
    await navigate({
      to: "/forgot-password",
      search: { email: EmailSchema.parse(values.email), step: "reset" },
      replace: true,
    });
  }

  return (
    <Form name="forgot-password" layout="vertical" requiredMark={false} initialValues={{ email }} onFinish={handleFinish}>
      <p>
        登録したメールアドレスを入力してください。パスワード再設定用の確認コードをお送りします。
      </p>
      <Form.Item label="メールアドレス" name="email" rules={[zodRule(EmailSchema)]}>
        <Input type="email" autoComplete="email" inputMode="email" autoFocus />
      </Form.Item>
      {error && <Alert type="error" showIcon title={apiErrorMessage(error)} style={{ marginBottom: 24 }} />}
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        確認コードを送信
      </Button>
    </Form>
  );
}

function ResetStep({ email }: { email?: string }) {
  const [form] = Form.useForm<ConfirmForgotPasswordInput>();
  const [confirmForgotPassword, { isLoading, error, reset: clearConfirmError }] = useConfirmForgotPasswordMutation();
  const [resend, resendState] = useForgotPasswordMutation();
  const navigate = useNavigate();
  const [resent, setResent] = useState(false);

  async function handleFinish(values: ConfirmForgotPasswordInput) {
    try {
      await confirmForgotPassword(values).unwrap();
    } catch {
      return; // shown below from `error`
    }
    await navigate({
      to: "/login/",
      search: { email: EmailSchema.parse(values.email) },
      state: { authNotice: "password-reset" },
    });
  }

  async function handleResend() {
    try {
      await form.validateFields(["email"]);
    } catch {
      return;
    }
    try {
      await resend({ email: form.getFieldValue("email") as string }).unwrap();
    } catch {
      return; // shown below from `resendState.error`
    }
    clearConfirmError();
    setResent(true);
  }

  const shownError = error ?? resendState.error;

  return (
    <Form
      form={form}
      name="reset-password"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email }}
      onFinish={handleFinish}
    >
      <p>
        {email
          ? `${email} 宛てに確認コードを送信しました（登録がある場合のみ届きます）。コードと新しいパスワードを入力してください。`
          : "メールアドレス、メールに記載された確認コード、新しいパスワードを入力してください。"}
      </p>
      <Form.Item label="メールアドレス" name="email" rules={[zodRule(EmailSchema)]} hidden={Boolean(email)}>
        <Input type="email" autoComplete="username" inputMode="email" />
      </Form.Item>
      <Form.Item label="確認コード" name="code" rules={[zodRule(ConfirmationCodeSchema)]}>
        <ConfirmationCodeInput autoFocus />
      </Form.Item>
      <Form.Item label="新しいパスワード" name="newPassword" rules={[zodRule(PasswordSchema)]} extra={PASSWORD_RULES_HELP}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {shownError ? (
        <Alert type="error" showIcon title={apiErrorMessage(shownError)} style={{ marginBottom: 24 }} />
      ) : (
        resent && <Alert type="success" showIcon title={RESENT_MESSAGE} style={{ marginBottom: 24 }} />
      )}
      <Flex vertical gap={12}>
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          パスワードを再設定する
        </Button>
        <Button block onClick={handleResend} loading={resendState.isLoading}>
          確認コードを再送信
        </Button>
      </Flex>
    </Form>
  );
}
