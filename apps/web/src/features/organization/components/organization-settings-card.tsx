import { RightOutlined } from "@ant-design/icons";
import { TicketMessageSchema } from "@pharmacy/contract/settings/settings";
import { App, Button, Card, Flex, Form, Input, Typography } from "antd";
import { ButtonLink } from "../../../components/button-link";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { zodRule } from "../../../lib/forms/zod-rule";
import {
  useGetOrganizationSettingsQuery,
  useSaveOrganizationSettingsMutation,
} from "../../../lib/organization/organization-settings-api";

const TICKET_MESSAGE_MAX = 200;

/**
 * 全店舗共通の設定 (本部): the questions, ticket message and follow-up templates the organisation defines once;
 * every branch uses them until its admin chooses 「この店舗で変更する」 (docs/rules.md#organisations).
 */
export function OrganizationSettingsCard() {
  const { data } = useGetOrganizationSettingsQuery();
  const [save, { isLoading: saving }] = useSaveOrganizationSettingsMutation();
  const [form] = Form.useForm<{ ticketMessage: string }>();
  const { message } = App.useApp();

  async function onSave({ ticketMessage }: { ticketMessage: string }) {
    if (!data) return;
    try {
      await save({ ...data, ticketMessage }).unwrap();
      void message.success("本部の受付票メッセージを保存しました");
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
    }
  }

  return (
    <Card title="全店舗共通の設定">
      <Typography.Paragraph type="secondary">
        ここで決めた質問・受付票のメッセージ・フォローアップの質問票は、「本部の設定を使う」店舗すべてと、新しく追加する店舗に使われます。各店舗の管理者は、店舗の設定画面で「この店舗で変更する」を選べます。
      </Typography.Paragraph>
      <Flex gap={12} wrap style={{ marginBottom: 24 }}>
        <ButtonLink to="/organization/questions-reception" icon={<RightOutlined aria-hidden />}>
          受付時の質問
        </ButtonLink>
        <ButtonLink to="/organization/questions-reserved" icon={<RightOutlined aria-hidden />}>
          予約来局時の質問
        </ButtonLink>
        <ButtonLink to="/organization/follow-up-templates" icon={<RightOutlined aria-hidden />}>
          フォローアップの質問票
        </ButtonLink>
      </Flex>
      {data && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ ticketMessage: data.ticketMessage }}
          onFinish={(values) => void onSave(values)}
        >
          <Form.Item
            label="受付票のメッセージ"
            name="ticketMessage"
            rules={[zodRule(TicketMessageSchema)]}
            extra="受付票の下に印刷される、患者さまへのメッセージです。"
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={TICKET_MESSAGE_MAX} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存する
          </Button>
        </Form>
      )}
    </Card>
  );
}
