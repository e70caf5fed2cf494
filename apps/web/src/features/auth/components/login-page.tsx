import { EmailSchema, SignInPasswordSchema, type SignInInput } from "@pharmacy/contract/auth";
import { ErrorCode } from "@pharmacy/contract/errors";
import { useNavigate, useRouter, useRouterState } from "@tanstack/react-router";
import { Alert, Button, Divider, Flex, Form, Input } from "antd";
import { useDispatch } from "react-redux";
import { ButtonLink } from "../../../components/button-link";
import { apiErrorCode } from "../../../lib/api-error";
import { safeRedirectPath } from "../../../lib/safe-redirect";
import { setUser } from "../../../lib/session";
import { storeTokens } from "../../../lib/token-storage";
import { zodRule } from "../../../lib/zod-rule";
import { useSignInMutation } from "../api";
import { AUTH_NOTICE_MESSAGES } from "../notice";
import { AuthCard } from "./auth-card";
import { AuthErrorAlert } from "./auth-error-alert";

export function LoginPage({ email, redirect }: { email?: string; redirect?: string }) {
  const [form] = Form.useForm<SignInInput>();
  const typedEmail = Form.useWatch("email", form)?.trim() || undefined;
  const [signIn, { isLoading, error }] = useSignInMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const router = useRouter();
  const notice = useRouterState({ select: (state) => state.location.state.authNotice });

  async function handleFinish(values: SignInInput) {
    let result;
    try {
      result = await signIn(values).unwrap();
    } catch {
      return; // shown below from `error`
    }
    storeTokens(result);
    dispatch(setUser(result.user));
    const target = safeRedirectPath(redirect);
    if (target) router.history.push(target);
    else await navigate({ to: "/" });
  }

  const notConfirmed = apiErrorCode(error) === ErrorCode.NotConfirmed;

  return (
    <AuthCard title="ログイン">
      {notice && !error && (
        <Alert type="success" showIcon title={AUTH_NOTICE_MESSAGES[notice]} style={{ marginBottom: 24 }} />
      )}
      <Form
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        initialValues={{ email }}
        onFinish={handleFinish}
      >
        <Form.Item label="メールアドレス" name="email" rules={[zodRule(EmailSchema)]}>
          <Input type="email" autoComplete="username" inputMode="email" autoFocus={!email} />
        </Form.Item>
        <Form.Item label="パスワード" name="password" rules={[zodRule(SignInPasswordSchema)]}>
          <Input.Password autoComplete="current-password" autoFocus={Boolean(email)} />
        </Form.Item>
        <AuthErrorAlert
          error={error}
          action={
            notConfirmed ? (
              <ButtonLink to="/sign-up" search={{ email: typedEmail, step: "confirm" }}>
                確認コードを入力
              </ButtonLink>
            ) : undefined
          }
        />
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          ログイン
        </Button>
      </Form>
      <Divider />
      <Flex vertical gap={8}>
        <ButtonLink to="/forgot-password" search={{ email: typedEmail }} type="link" block>
          パスワードをお忘れの方
        </ButtonLink>
        <ButtonLink to="/sign-up" search={{ email: typedEmail }} block>
          新規登録
        </ButtonLink>
      </Flex>
    </AuthCard>
  );
}
