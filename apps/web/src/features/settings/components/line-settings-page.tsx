import { LineBasicIdSchema, LineSettingsInputSchema, type LineSettings } from "@pharmacy/contract/line/line";
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, InputNumber, Typography } from "antd";
import { useState } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { zodRule } from "../../../lib/forms/zod-rule";
import { SettingsPageFrame } from "./settings-page-frame";
import { UnreachableAddressAlert } from "./unreachable-address-alert";
import { useDeleteLineSettingsMutation, useGetLineSettingsQuery, useSaveLineSettingsMutation } from "../line-api";

interface LineFormValues {
  channelSecret: string;
  channelAccessToken: string;
  basicId: string;
  monthlyLimit: number | null;
}

const FIELDS = LineSettingsInputSchema.shape;

/** /settings/line/: the branch's LINE Official Account, checked with LINE when saved; its webhook address to copy. */
export function LineSettingsPage() {
  const { data, error, isLoading, refetch } = useGetLineSettingsQuery();
  return (
    <SettingsPageFrame pageKey="line" loading={isLoading} error={data ? undefined : error} onRetry={refetch}>
      {data && <LineSettingsView settings={data} />}
    </SettingsPageFrame>
  );
}

function LineSettingsView({ settings }: { settings: LineSettings }) {
  return (
    <Flex vertical gap={16}>
      <WebhookCard webhookUrl={settings.webhookUrl} />
      {settings.connected && <ConnectedCard settings={settings} />}
      <CredentialsForm settings={settings} />
    </Flex>
  );
}

function WebhookCard({ webhookUrl }: { webhookUrl: string | null }) {
  return (
    <Card title="Webhook URL">
      {webhookUrl ? (
        <>
          <Typography.Paragraph>
            LINE Developersコンソールの「Messaging API設定」で、このアドレスをWebhook
            URLに貼り付け、「Webhookの利用」をオンにしてください。
          </Typography.Paragraph>
          <UnreachableAddressAlert url={webhookUrl} visitor="line" />
          <Typography.Text
            code
            copyable={{ text: webhookUrl, tooltips: ["コピー", "コピーしました"] }}
            data-testid="line-webhook-url"
          >
            {webhookUrl}
          </Typography.Text>
        </>
      ) : (
        <Alert
          type="warning"
          showIcon
          title="患者さまのスマートフォンから開けるアドレスがまだ決まっていません。サーバーのPUBLIC_BASE_URLを設定するか、その公開アドレスからこの画面を開き直してください。"
        />
      )}
    </Card>
  );
}

function ConnectedCard({ settings }: { settings: LineSettings }) {
  const { modal, message } = App.useApp();
  const [remove, { isLoading }] = useDeleteLineSettingsMutation();
  const confirmRemove = () =>
    modal.confirm({
      title: "LINE連携を解除しますか？",
      content: "患者さまとのLINEのつながりもすべて解除され、送信前のお知らせは送られません。",
      okText: "解除する",
      okButtonProps: { danger: true },
      cancelText: "キャンセル",
      onOk: async () => {
        try {
          await remove().unwrap();
          message.success("LINE連携を解除しました");
        } catch (error) {
          message.error(apiErrorMessage(error));
        }
      },
    });
  return (
    <Card
      title="連携中のLINE公式アカウント"
      extra={
        <Button danger loading={isLoading} onClick={confirmRemove}>
          連携を解除
        </Button>
      }
    >
      <Descriptions column={1} bordered size="middle">
        <Descriptions.Item label="アカウント名">{settings.displayName}</Descriptions.Item>
        <Descriptions.Item label="LINE ID">{settings.basicId}</Descriptions.Item>
        <Descriptions.Item label="今月の送信数">
          <span data-testid="line-sent-this-month">
            {settings.monthlyLimit === null
              ? `${settings.sentThisMonth}通`
              : `${settings.sentThisMonth}通 ／ 上限 ${settings.monthlyLimit}通`}
          </span>
        </Descriptions.Item>
        {settings.overQuotaThisMonth > 0 && (
          <Descriptions.Item label="上限のため送らなかった通知">
            <span data-testid="line-over-quota-this-month">{`今月 ${settings.overQuotaThisMonth}通（LINEでは届いていません）`}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}

function CredentialsForm({ settings }: { settings: LineSettings }) {
  const [form] = Form.useForm<LineFormValues>();
  const { message } = App.useApp();
  const [save, { isLoading }] = useSaveLineSettingsMutation();
  const [problem, setProblem] = useState<string>();

  async function submit(values: LineFormValues) {
    setProblem(undefined);
    try {
      await save({ ...values, monthlyLimit: values.monthlyLimit ?? null }).unwrap();
      form.setFieldsValue({ channelSecret: "", channelAccessToken: "" });
      message.success("LINEで確認して保存しました");
    } catch (error) {
      const issues =
        (error as { data?: { issues?: { path: (string | number)[]; message: string }[] } }).data?.issues ?? [];
      const onFields = issues.flatMap(({ path, message }) =>
        path.length === 1 && String(path[0]) in FIELDS
          ? [{ name: String(path[0]) as keyof LineFormValues, errors: [message] }]
          : [],
      );
      form.setFields(onFields);
      setProblem(onFields.length > 0 ? undefined : apiErrorMessage(error));
    }
  }

  return (
    <Card title={settings.connected ? "チャネルの設定を変更" : "LINE公式アカウントを連携"}>
      <Form<LineFormValues>
        form={form}
        layout="vertical"
        name="line-settings"
        initialValues={{
          channelSecret: "",
          channelAccessToken: "",
          basicId: settings.basicId ?? "",
          monthlyLimit: settings.monthlyLimit,
        }}
        onFinish={(values) => void submit(values)}
        requiredMark={false}
      >
        <Typography.Paragraph type="secondary">
          LINE Developersコンソールの、LINE公式アカウントのMessaging
          APIチャネルの値を貼り付けてください。保存するときにLINEに問い合わせて確かめます。シークレットとトークンは暗号化して保存し、この画面にも表示しません。
        </Typography.Paragraph>
        <Form.Item
          label="チャネルシークレット（チャネル基本設定）"
          name="channelSecret"
          rules={[zodRule(FIELDS.channelSecret)]}
        >
          <Input.Password
            autoComplete="off"
            placeholder={settings.connected ? "保存済み（変更するときは貼り付け直してください）" : undefined}
          />
        </Form.Item>
        <Form.Item
          label="チャネルアクセストークン（長期）（Messaging API設定）"
          name="channelAccessToken"
          rules={[zodRule(FIELDS.channelAccessToken)]}
        >
          <Input.Password
            autoComplete="off"
            placeholder={settings.connected ? "保存済み（変更するときは貼り付け直してください）" : undefined}
          />
        </Form.Item>
        <Form.Item
          label="LINE ID（ベーシックID）"
          name="basicId"
          rules={[zodRule(LineBasicIdSchema)]}
          extra="「@」から始まるIDです（例：@123abcde）。"
        >
          <Input autoComplete="off" style={{ maxWidth: 280 }} />
        </Form.Item>
        <Form.Item
          label="1か月の送信上限（任意）"
          name="monthlyLimit"
          extra="ご契約のLINEの料金プランの無料メッセージ通数などを入れると、それを超えて送りません。空欄ならLINEが受け付けるだけ送ります。"
        >
          <InputNumber min={1} max={10_000_000} precision={0} suffix="通" style={{ width: 200 }} />
        </Form.Item>
        {problem && (
          <Alert type="error" showIcon title={`保存できませんでした。${problem}`} style={{ marginBottom: 16 }} />
        )}
        <Button type="primary" htmlType="submit" size="large" loading={isLoading}>
          LINEで確認して保存
        </Button>
      </Form>
    </Card>
  );
}
