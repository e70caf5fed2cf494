import { LockOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import { TotpCodeSchema, type MfaSetupResponse } from "@pharmacy/contract/auth/mfa";
import { Alert, App, Button, Card, Flex, Form, Input, QRCode, Tag, Typography } from "antd";
import { useState } from "react";
import { useAppDispatch, useAppSelector } from "../../../lib/store/store-hooks";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { selectUser, setUser } from "../../../lib/auth/session";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import { zodRule } from "../../../lib/forms/zod-rule";
import { useDisableMfaMutation, useEnableMfaMutation, useSetupMfaMutation } from "../api";
import { groupedKey } from "../manual-key";
import { RecoveryCodes } from "./recovery-codes";
import styles from "./security-page.module.css";

/** 二段階認証: set up with an authenticator app (QR or manual key), enable with a code, keep the recovery codes, or turn off. */
export function SecurityPage() {
  useDocumentTitle("二段階認証");
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (!user) return null;

  const markEnabled = (enabled: boolean) =>
    dispatch(setUser({ ...user, mfaEnabled: enabled, mfaSetupRequired: false }));

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={1} className={styles.title}>
          二段階認証
        </Typography.Title>
        <Typography.Paragraph type="secondary" className={styles.lead}>
          ログインのとき、パスワードに加えてスマートフォンの認証アプリに表示される6桁の確認コードを入力します。パスワードが漏れても、他の人はログインできません。
        </Typography.Paragraph>
      </div>
      {user.mfaSetupRequired && (
        <Alert
          type="warning"
          showIcon
          title="管理者は二段階認証の設定が必要です"
          description="この薬局では、管理者に二段階認証を求める設定になっています。設定が終わるまで、ほかの画面は使えません。"
        />
      )}
      <Card>
        <Flex align="center" gap={12}>
          <SafetyCertificateOutlined className={styles.statusIcon} aria-hidden />
          <Typography.Text strong className={styles.status}>
            現在の状態：
          </Typography.Text>
          {user.mfaEnabled ? <Tag color="green">有効</Tag> : <Tag>未設定</Tag>}
        </Flex>
      </Card>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : user.mfaEnabled ? (
        <DisableCard onDisabled={() => markEnabled(false)} />
      ) : (
        <SetupCard
          onEnabled={(codes) => {
            setRecoveryCodes(codes);
            markEnabled(true);
          }}
        />
      )}
    </Flex>
  );
}

function SetupCard({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const [setupMfa, setupState] = useSetupMfaMutation();
  const [enableMfa, enableState] = useEnableMfaMutation();
  const [setup, setSetup] = useState<MfaSetupResponse | null>(null);

  async function start() {
    try {
      setSetup(await setupMfa().unwrap());
    } catch {
      // shown below
    }
  }

  async function enable({ code }: { code: string }) {
    try {
      const { recoveryCodes } = await enableMfa({ code }).unwrap();
      onEnabled(recoveryCodes);
    } catch {
      // shown below
    }
  }

  if (!setup) {
    return (
      <Card title="二段階認証を設定する">
        <Typography.Paragraph>
          スマートフォンに認証アプリ（Google Authenticator、Microsoft Authenticator など）を用意してから始めてください。
        </Typography.Paragraph>
        {setupState.error && (
          <Alert type="error" showIcon title={apiErrorMessage(setupState.error)} className={styles.gap} />
        )}
        <Button
          type="primary"
          icon={<LockOutlined aria-hidden />}
          loading={setupState.isLoading}
          onClick={() => void start()}
        >
          設定を始める
        </Button>
      </Card>
    );
  }

  return (
    <Card title="二段階認証を設定する">
      <div className={styles.setupGrid}>
        <Flex vertical gap={8} align="center">
          <Typography.Text strong>1. 認証アプリでQRコードを読み取る</Typography.Text>
          <QRCode value={setup.otpauthUri} size={200} aria-label="認証アプリ用のQRコード" />
        </Flex>
        <Flex vertical gap={16}>
          <div>
            <Typography.Text strong>読み取れないときは、このキーを手入力してください</Typography.Text>
            <Typography.Paragraph
              copyable={{ text: setup.secret, tooltips: ["コピー", "コピーしました"] }}
              className={styles.key}
              data-testid="mfa-secret"
            >
              {groupedKey(setup.secret)}
            </Typography.Paragraph>
          </div>
          <Form<{ code: string }>
            name="mfa-enable"
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => void enable(values)}
          >
            <Form.Item label="2. アプリに表示された6桁の確認コード" name="code" rules={[zodRule(TotpCodeSchema)]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} className={styles.codeInput} />
            </Form.Item>
            {enableState.error && (
              <Alert type="error" showIcon title={apiErrorMessage(enableState.error)} className={styles.gap} />
            )}
            <Button type="primary" htmlType="submit" loading={enableState.isLoading}>
              二段階認証を有効にする
            </Button>
          </Form>
        </Flex>
      </div>
    </Card>
  );
}

function DisableCard({ onDisabled }: { onDisabled: () => void }) {
  const [disableMfa, { isLoading, error }] = useDisableMfaMutation();
  const { message } = App.useApp();

  async function disable({ code }: { code: string }) {
    try {
      await disableMfa({ code }).unwrap();
    } catch {
      return; // shown below
    }
    void message.success("二段階認証を無効にしました");
    onDisabled();
  }

  return (
    <Card title="二段階認証を無効にする">
      <Typography.Paragraph>
        無効にすると、パスワードだけでログインできるようになります。認証アプリの確認コードを入力してください。
      </Typography.Paragraph>
      <Form<{ code: string }>
        name="mfa-disable"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void disable(values)}
      >
        <Form.Item label="確認コード（6桁）" name="code" rules={[zodRule(TotpCodeSchema)]}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} className={styles.codeInput} />
        </Form.Item>
        {error && <Alert type="error" showIcon title={apiErrorMessage(error)} className={styles.gap} />}
        <Button danger htmlType="submit" loading={isLoading}>
          二段階認証を無効にする
        </Button>
      </Form>
    </Card>
  );
}
