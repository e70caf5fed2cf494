import { PasswordSchema } from "@pharmacy/contract/auth/auth";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import { useNavigate } from "@tanstack/react-router";
import { Alert, Button, Divider, Form, Input } from "antd";
import { ButtonLink } from "../../../components/button-link";
import { apiErrorCode } from "../../../lib/api/api-error";
import { zodRule } from "../../../lib/forms/zod-rule";
import { useAcceptInvitationMutation } from "../api";
import { leaveNoticeForLogin } from "../../../lib/auth/login-notice";
import { AuthCard } from "./auth-card";
import { AuthErrorAlert } from "./auth-error-alert";
import { PASSWORD_RULES_HELP } from "./password-rules";

const UNKNOWN_LINK =
  "この招待リンクは使えません。すでに使われたか、URLが途中で切れている可能性があります。管理者に招待をもう一度送ってもらってください。";
const EXPIRED_LINK = "この招待リンクの有効期限（72時間）が切れています。管理者に招待をもう一度送ってもらってください。";

interface Values {
  password: string;
  passwordAgain: string;
}

/** The invited person's page from the mail's link: set a password, then sign in. */
export function AcceptInvitationPage({ token }: { token?: string }) {
  const [acceptInvitation, { isLoading, error }] = useAcceptInvitationMutation();
  const navigate = useNavigate();
  const code = apiErrorCode(error);
  const linkProblem = !token
    ? UNKNOWN_LINK
    : code === ErrorCode.WrongCode
      ? UNKNOWN_LINK
      : code === ErrorCode.CodeExpired
        ? EXPIRED_LINK
        : null;

  async function handleFinish({ password }: Values) {
    if (!token) return;
    let result;
    try {
      result = await acceptInvitation({ token, password }).unwrap();
    } catch {
      return; // shown below
    }
    leaveNoticeForLogin("invitation-accepted");
    await navigate({ to: "/login/", search: { email: result.email }, reloadDocument: true });
  }

  return (
    <AuthCard title="スタッフ登録">
      {linkProblem ? (
        <Alert type="error" showIcon title={linkProblem} style={{ marginBottom: 24 }} />
      ) : (
        <Form<Values> name="accept-invitation" layout="vertical" requiredMark={false} onFinish={handleFinish}>
          <p style={{ marginTop: 0 }}>薬局受付に招待されました。ログインに使うパスワードを決めてください。</p>
          <Form.Item label="パスワード" name="password" rules={[zodRule(PasswordSchema)]} extra={PASSWORD_RULES_HELP}>
            <Input.Password autoComplete="new-password" autoFocus />
          </Form.Item>
          <Form.Item
            label="パスワード（確認）"
            name="passwordAgain"
            dependencies={["password"]}
            rules={[
              { required: true, message: "確認のため、もう一度パスワードを入力してください" },
              ({ getFieldValue }) => ({
                validator: (_rule, value) =>
                  !value || value === getFieldValue("password")
                    ? Promise.resolve()
                    : Promise.reject(new Error("パスワードが一致しません")),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <AuthErrorAlert error={error} />
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            パスワードを設定する
          </Button>
        </Form>
      )}
      <Divider />
      <ButtonLink to="/login/" reloadDocument type="link" block>
        ログイン画面へ
      </ButtonLink>
    </AuthCard>
  );
}
