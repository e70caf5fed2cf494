import { PasswordSchema } from "@pharmacy/contract/auth/auth";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import { useNavigate } from "@tanstack/react-router";
import { Alert, Button, Divider, Form, Input } from "antd";
import { ButtonLink } from "../../../components/button-link";
import { apiErrorCode } from "../../../lib/api/api-error";
import { zodRule } from "../../../lib/forms/zod-rule";
import { useAcceptInvitationMutation } from "../api";
import { leaveNoticeForLogin } from "../../../lib/auth/login-notice";
import { getIdToken } from "../../../lib/auth/token-storage";
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

/**
 * The invited person's page from the mail's link: set a password, then sign in. A person who already
 * has an account (invited to another branch) accepts signed in, without a password: the branch is
 * added to theirs (docs/rules.md#organisations).
 */
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

  const signedIn = Boolean(getIdToken());

  async function acceptSignedIn() {
    if (!token) return;
    try {
      await acceptInvitation({ token }).unwrap();
    } catch {
      return; // shown below
    }
    window.location.assign("/");
  }

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
      ) : signedIn ? (
        <>
          <p style={{ marginTop: 0 }}>
            ログイン中のアカウントに、招待された店舗を追加します。追加後はヘッダーの店舗名から切り替えられます。
          </p>
          <AuthErrorAlert error={error} />
          <Button type="primary" block loading={isLoading} onClick={() => void acceptSignedIn()}>
            招待を承認して店舗を追加する
          </Button>
        </>
      ) : (
        <Form<Values> name="accept-invitation" layout="vertical" requiredMark={false} onFinish={handleFinish}>
          <p style={{ marginTop: 0 }}>
            薬局受付に招待されました。ログインに使うパスワードを決めてください。すでにアカウントをお持ちの方は、ログインしてからこのリンクをもう一度開いてください。
          </p>
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
