import { EmailSchema, SignInPasswordSchema, type SignInInput, type SignInResponse } from "@pharmacy/contract/auth";
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
import { useLazyGetCurrentUserQuery } from "../api";
import { useSignInSteps } from "../hooks/use-sign-in-steps";
import { AUTH_NOTICE_MESSAGES } from "../notice";
import { AuthCard } from "./auth-card";
import { AuthErrorAlert } from "./auth-error-alert";
import { MfaCodeForm } from "./mfa-code-form";

export function LoginPage({ email, redirect }: { email?: string; redirect?: string }) {
  const [form] = Form.useForm<SignInInput>();
  const typedEmail = Form.useWatch("email", form)?.trim() || undefined;
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const router = useRouter();
  const notice = useRouterState({ select: (state) => state.location.state.authNotice });

  const [loadMe] = useLazyGetCurrentUserQuery();
  const steps = useSignInSteps(signedIn);
  const error = steps.passwordError;

  async function signedIn(result: SignInResponse) {
    storeTokens(result);
    // The role (and whether two-factor set-up is due) comes with user/me, not with the sign-in answer.
    const me = await loadMe(undefined, false).unwrap().catch(() => undefined);
    if (!me) return;
    dispatch(setUser(me));
    const target = safeRedirectPath(redirect);
    if (target) router.history.push(target);
    else await navigate({ to: "/" });
  }

  const notConfirmed = apiErrorCode(error) === ErrorCode.NotConfirmed;

  if (steps.step === "code") {
    return (
      <AuthCard title="二段階認証">
        <MfaCodeForm
          error={steps.codeError}
          busy={steps.busy}
          onSubmit={(code) => void steps.submitCode(code)}
          onBack={steps.backToPassword}
        />
      </AuthCard>
    );
  }

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
        onFinish={(values: SignInInput) => void steps.submitPassword(values)}
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
        <Button type="primary" htmlType="submit" block loading={steps.busy}>
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
