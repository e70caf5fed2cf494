import {
  ConfirmationCodeSchema,
  EmailSchema,
  PasswordSchema,
  type SignUpInput,
} from "@pharmacy/contract/auth";
import { ErrorCode } from "@pharmacy/contract/errors";
import { useNavigate } from "@tanstack/react-router";
import { Alert, Button, Divider, Flex, Form, Input, Steps } from "antd";
import { useState } from "react";
import { ButtonLink } from "../../../components/button-link";
import { apiErrorCode, apiErrorMessage } from "../../../lib/api-error";
import { zodRule } from "../../../lib/zod-rule";
import { useConfirmSignUpMutation, useResendConfirmationCodeMutation, useSignUpMutation } from "../api";
import { AuthCard } from "./auth-card";
import { ConfirmationCodeInput } from "./confirmation-code-input";
import { PASSWORD_RULES_HELP } from "./password-rules";

const RESENT_MESSAGE = "確認コードを再送信しました。メールをご確認ください。";

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
      <ButtonLink to="/login/" search={{ email }} type="link" block>
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
    <Form form={form} name="sign-up" layout="vertical" requiredMark={false} initialValues={{ email }} onFinish={handleFinish}>
      <Form.Item label="メールアドレス" name="email" rules={[zodRule(EmailSchema)]}>
        <Input type="email" autoComplete="email" inputMode="email" autoFocus={!email} />
      </Form.Item>
      <Form.Item label="パスワード" name="password" rules={[zodRule(PasswordSchema)]} extra={PASSWORD_RULES_HELP}>
        <Input.Password autoComplete="new-password" autoFocus={Boolean(email)} />
      </Form.Item>
      {error && (
        <Alert
          type="error"
          showIcon
          title={apiErrorMessage(error)}
          style={{ marginBottom: 24 }}
          action={
            emailTaken ? (
              <ButtonLink to="/login/" search={{ email: form.getFieldValue("email") as string | undefined }}>
                ログイン
              </ButtonLink>
            ) : undefined
          }
        />
      )}
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        登録する
      </Button>
    </Form>
  );
}

interface ConfirmValues {
  email: string;
  code: string;
}

function ConfirmStep({ email }: { email?: string }) {
  const [form] = Form.useForm<ConfirmValues>();
  const [confirmSignUp, { isLoading, error, reset: clearConfirmError }] = useConfirmSignUpMutation();
  const [resend, resendState] = useResendConfirmationCodeMutation();
  const navigate = useNavigate();
  const [resent, setResent] = useState(false);

  async function handleFinish(values: ConfirmValues) {
    try {
      await confirmSignUp(values).unwrap();
    } catch {
      return; // shown below from `error`
    }
    await navigate({
      to: "/login/",
      search: { email: EmailSchema.parse(values.email) },
      state: { authNotice: "signed-up" },
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
    <Form form={form} name="confirm-sign-up" layout="vertical" requiredMark={false} initialValues={{ email }} onFinish={handleFinish}>
      {email ? (
        <p>
          {`${email} 宛てに6桁の確認コードを送信しました。メールに記載されたコードを入力してください。`}
        </p>
      ) : (
        <p>登録したメールアドレスと、メールに記載された6桁の確認コードを入力してください。</p>
      )}
      <Form.Item label="メールアドレス" name="email" rules={[zodRule(EmailSchema)]} hidden={Boolean(email)}>
        <Input type="email" autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item label="確認コード" name="code" rules={[zodRule(ConfirmationCodeSchema)]}>
        <ConfirmationCodeInput autoFocus />
      </Form.Item>
      {shownError ? (
        <Alert type="error" showIcon title={apiErrorMessage(shownError)} style={{ marginBottom: 24 }} />
      ) : (
        resent && <Alert type="success" showIcon title={RESENT_MESSAGE} style={{ marginBottom: 24 }} />
      )}
      <Flex vertical gap={12}>
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          確認する
        </Button>
        <Button block onClick={handleResend} loading={resendState.isLoading}>
          確認コードを再送信
        </Button>
      </Flex>
    </Form>
  );
}
