import { MfaSignInCodeSchema } from "@pharmacy/contract/auth/mfa";
import { Button, Form, Input } from "antd";
import { zodRule } from "../../../lib/forms/zod-rule";
import { AuthErrorAlert } from "./auth-error-alert";

interface MfaCodeFormProps {
  error: unknown;
  busy: boolean;
  onSubmit: (code: string) => void;
  onBack: () => void;
}

/** The second sign-in step: a code from the authenticator app, or one of the printed recovery codes. */
export function MfaCodeForm({ error, busy, onSubmit, onBack }: MfaCodeFormProps) {
  return (
    <Form<{ code: string }>
      name="mfa"
      layout="vertical"
      requiredMark={false}
      onFinish={({ code }) => onSubmit(code.trim())}
    >
      <p style={{ marginTop: 0 }}>
        認証アプリに表示されている6桁の確認コードを入力してください。スマートフォンが手元にないときは、印刷しておいたリカバリーコードも使えます。
      </p>
      <Form.Item label="確認コード（またはリカバリーコード）" name="code" rules={[zodRule(MfaSignInCodeSchema)]}>
        <Input autoComplete="one-time-code" autoFocus maxLength={32} />
      </Form.Item>
      <AuthErrorAlert error={error} />
      <Button type="primary" htmlType="submit" block loading={busy}>
        確認してログイン
      </Button>
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        メールアドレスの入力に戻る
      </Button>
    </Form>
  );
}
