import {
  EmailSchema,
  PasswordSchema,
  type ConfirmForgotPasswordInput,
  type EmailOnlyInput,
} from "@pharmacy/contract/auth/auth";
import { useNavigate } from "@tanstack/react-router";
import { Button, Divider, Form, Input, Steps } from "antd";
import { ButtonLink } from "../../../components/button-link";
import { zodRule } from "../../../lib/forms/zod-rule";
import { useConfirmForgotPasswordMutation, useForgotPasswordMutation } from "../api";
import { AuthCard } from "./auth-card";
import { AuthErrorAlert } from "./auth-error-alert";
import { CodeStepForm } from "./code-step-form";
import { PASSWORD_RULES_HELP } from "./password-rules";

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
      <ButtonLink to="/login/" reloadDocument search={{ email }} type="link" block>
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
    <Form
      name="forgot-password"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email }}
      onFinish={handleFinish}
    >
      <p>登録したメールアドレスを入力してください。パスワード再設定用の確認コードをお送りします。</p>
      <Form.Item label="メールアドレス" name="email" rules={[zodRule(EmailSchema)]}>
        <Input type="email" autoComplete="email" inputMode="email" autoFocus />
      </Form.Item>
      <AuthErrorAlert error={error} />
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        確認コードを送信
      </Button>
    </Form>
  );
}

function ResetStep({ email }: { email?: string }) {
  const [confirmForgotPassword, confirmState] = useConfirmForgotPasswordMutation();
  const [resend, resendState] = useForgotPasswordMutation();

  return (
    <CodeStepForm<ConfirmForgotPasswordInput>
      name="reset-password"
      email={email}
      intro={
        <p>
          {email
            ? `${email} 宛てに確認コードを送信しました（登録がある場合のみ届きます）。コードと新しいパスワードを入力してください。`
            : "メールアドレス、メールに記載された確認コード、新しいパスワードを入力してください。"}
        </p>
      }
      emailAutoComplete="username"
      submitLabel="パスワードを再設定する"
      confirm={(values) => confirmForgotPassword(values).unwrap()}
      confirmState={confirmState}
      resend={(address) => resend({ email: address }).unwrap()}
      resendState={resendState}
      doneNotice="password-reset"
    >
      <Form.Item
        label="新しいパスワード"
        name="newPassword"
        rules={[zodRule(PasswordSchema)]}
        extra={PASSWORD_RULES_HELP}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </CodeStepForm>
  );
}
