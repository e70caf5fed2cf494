import { ConfirmationCodeSchema, EmailSchema } from "@pharmacy/contract/auth/auth";
import { useNavigate } from "@tanstack/react-router";
import { Alert, Button, Flex, Form, Input } from "antd";
import { useState, type ReactNode } from "react";
import { zodRule } from "../../../lib/forms/zod-rule";
import { leaveNoticeForLogin, type AuthNotice } from "../../../lib/auth/login-notice";
import { AuthErrorAlert } from "./auth-error-alert";
import { toHalfWidthNumber } from "../../../components/half-width";
import { ConfirmationCodeInput } from "./confirmation-code-input";

const RESENT_MESSAGE = "確認コードを再送信しました。メールをご確認ください。";

interface CodeStepValues {
  email: string;
  code: string;
}

interface RequestState {
  isLoading: boolean;
  error?: unknown;
}

interface CodeStepFormProps<Values extends CodeStepValues> {
  name: string;
  email?: string;
  /** What the step asks for, above the fields. */
  intro: ReactNode;
  emailAutoComplete: "email" | "username";
  submitLabel: string;
  /** Sends the code; rejects on failure (e.g. a mutation's `unwrap()`). */
  confirm: (values: Values) => Promise<unknown>;
  confirmState: RequestState & { reset: () => void };
  /** Mails a new code; rejects on failure. */
  resend: (email: string) => Promise<unknown>;
  resendState: RequestState;
  /** What the login page says once the code is accepted. */
  doneNotice: AuthNotice;
  /** Fields after the code (e.g. the new password). */
  children?: ReactNode;
}

/** The step that takes the mailed 6-digit code, offers to resend it and then goes to the login page. */
export function CodeStepForm<Values extends CodeStepValues>({
  name,
  email,
  intro,
  emailAutoComplete,
  submitLabel,
  confirm,
  confirmState,
  resend,
  resendState,
  doneNotice,
  children,
}: CodeStepFormProps<Values>) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [resent, setResent] = useState(false);

  async function handleFinish(values: Values) {
    try {
      await confirm(values);
    } catch {
      return; // shown below from `confirmState.error`
    }
    leaveNoticeForLogin(doneNotice);
    await navigate({ to: "/login/", search: { email: EmailSchema.parse(values.email) }, reloadDocument: true });
  }

  async function handleResend() {
    let address: string;
    try {
      ({ email: address } = await form.validateFields(["email"]));
    } catch {
      return;
    }
    try {
      await resend(address);
    } catch {
      return; // shown below from `resendState.error`
    }
    confirmState.reset();
    setResent(true);
  }

  const shownError = confirmState.error ?? resendState.error;

  return (
    <Form
      form={form}
      name={name}
      layout="vertical"
      requiredMark={false}
      initialValues={{ email }}
      onFinish={handleFinish}
    >
      {intro}
      <Form.Item label="メールアドレス" name="email" rules={[zodRule(EmailSchema)]} hidden={Boolean(email)}>
        <Input type="email" autoComplete={emailAutoComplete} inputMode="email" />
      </Form.Item>
      <Form.Item label="確認コード" name="code" normalize={toHalfWidthNumber} rules={[zodRule(ConfirmationCodeSchema)]}>
        <ConfirmationCodeInput autoFocus />
      </Form.Item>
      {children}
      {shownError ? (
        <AuthErrorAlert error={shownError} />
      ) : (
        resent && <Alert type="success" showIcon title={RESENT_MESSAGE} style={{ marginBottom: 24 }} />
      )}
      <Flex vertical gap={12}>
        <Button type="primary" htmlType="submit" block loading={confirmState.isLoading}>
          {submitLabel}
        </Button>
        <Button block onClick={handleResend} loading={resendState.isLoading}>
          確認コードを再送信
        </Button>
      </Flex>
    </Form>
  );
}
