import { ReceiveMethodSchema, type ReceiveMethod } from "@pharmacy/contract/shared/enums";
import { ANSWER_LABELS } from "@pharmacy/contract/receptions/question-labels";
import { AppSettingsSchema, type AppSettings } from "@pharmacy/contract/settings/settings";
import { PRIVACY_NOTICE_MAX } from "@pharmacy/contract/settings/privacy-notice";
import { Card, Checkbox, Flex, Form, Switch, Typography } from "antd";
import { OrganizationChoice } from "../../../components/organization-choice";
import { zodRule } from "../../../lib/forms/zod-rule";
import { useGetAppSettingsQuery } from "../../../lib/settings/settings-api";
import { useUpdateAppSettingsMutation } from "../../../lib/settings/settings-api";
import { CountedTextArea } from "./counted-text-area";
import { SettingsForm } from "./settings-form";
import { SettingsPageFrame } from "./settings-page-frame";
import { TestPrintButton } from "./test-print-button";
import styles from "./general-settings-page.module.css";

type GeneralValues = Pick<
  AppSettings,
  | "enabledReceiveMethods"
  | "autoPrintTicket"
  | "ticketMessage"
  | "ownTicketMessage"
  | "requireMfaForAdmins"
  | "privacyNotice"
>;

const TICKET_MESSAGE_MAX = 200;

const receiveMethodOptions = ReceiveMethodSchema.options.map((method) => ({
  value: method,
  label: ANSWER_LABELS.receiveMethod?.[method] ?? method,
}));

/** The checked methods in the catalogue's order, whatever order they were ticked in. */
function inCatalogueOrder(methods: readonly ReceiveMethod[] = []): ReceiveMethod[] {
  return ReceiveMethodSchema.options.filter((method) => methods.includes(method));
}

function toValues(settings: AppSettings): GeneralValues {
  return {
    enabledReceiveMethods: inCatalogueOrder(settings.enabledReceiveMethods),
    autoPrintTicket: settings.autoPrintTicket,
    ticketMessage: settings.ticketMessage,
    ownTicketMessage: settings.ownTicketMessage,
    requireMfaForAdmins: settings.requireMfaForAdmins,
    privacyNotice: settings.privacyNotice,
  };
}

function comparable(values: Partial<GeneralValues>) {
  return {
    enabledReceiveMethods: inCatalogueOrder(values.enabledReceiveMethods),
    autoPrintTicket: Boolean(values.autoPrintTicket),
    ticketMessage: values.ticketMessage?.trim() ?? "",
    ownTicketMessage: Boolean(values.ownTicketMessage),
    requireMfaForAdmins: Boolean(values.requireMfaForAdmins),
    privacyNotice: values.privacyNotice?.trim() ?? "",
  };
}

/** The form's field for `ownTicketMessage`: the organisation's message or the branch's own. */
function TicketMessageChoice({ value, onChange }: { value?: boolean; onChange?: (own: boolean) => void }) {
  return <OrganizationChoice own={Boolean(value)} onChange={(own) => onChange?.(own)} subject="受付票のメッセージ" />;
}

export function GeneralSettingsPage() {
  const { data, error, isLoading, refetch } = useGetAppSettingsQuery();
  return (
    <SettingsPageFrame
      pageKey="general-settings"
      loading={isLoading}
      error={data ? undefined : error}
      onRetry={refetch}
    >
      {/* anew when the message shown changes: back on the organisation's, its message replaces the branch's */}
      {data && <GeneralSettingsForm key={`${data.ownTicketMessage} ${data.ticketMessage}`} settings={data} />}
    </SettingsPageFrame>
  );
}

function GeneralSettingsForm({ settings }: { settings: AppSettings }) {
  const [updateAppSettings, { isLoading: saving }] = useUpdateAppSettingsMutation();

  return (
    <SettingsForm
      name="general-settings"
      baseline={toValues(settings)}
      comparable={comparable}
      // The questions are edited on their own screens: send them as they are saved.
      save={(values) => updateAppSettings({ ...settings, ...comparable(values) }).unwrap()}
      saving={saving}
      savedMessage="一般設定を保存しました"
      scrollToFirstError
    >
      <Card title="お薬の受け取り方法">
        <Form.Item
          label="患者さまが選べる受け取り方法"
          name="enabledReceiveMethods"
          rules={[zodRule(AppSettingsSchema.shape.enabledReceiveMethods)]}
          extra="「受け取り方法」の質問に表示する選択肢です。1つ以上選んでください。"
          style={{ marginBottom: 0 }}
        >
          <Checkbox.Group className={styles.methods}>
            {receiveMethodOptions.map((option) => (
              <Checkbox key={option.value} value={option.value} className={styles.method}>
                {option.label}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
      </Card>
      <Card title="受付票">
        <Flex align="center" gap={16} className={styles.switchRow}>
          <Form.Item name="autoPrintTicket" valuePropName="checked" noStyle>
            <Switch id="general-settings_autoPrintTicket" aria-describedby="auto-print-help" />
          </Form.Item>
          <label htmlFor="general-settings_autoPrintTicket" className={styles.switchLabel}>
            受付票を自動で印刷する
          </label>
        </Flex>
        <Typography.Paragraph id="auto-print-help" type="secondary" className={styles.help}>
          オンにすると、店頭で受付が完了したときに印刷の画面を自動で開きます。
        </Typography.Paragraph>
        <Form.Item name="ownTicketMessage" style={{ marginBottom: 12 }}>
          <TicketMessageChoice />
        </Form.Item>
        <Form.Item noStyle dependencies={["ownTicketMessage"]}>
          {({ getFieldValue }) => (
            <Form.Item
              label="受付票のメッセージ"
              name="ticketMessage"
              rules={[zodRule(AppSettingsSchema.shape.ticketMessage)]}
              extra="受付票の下に印刷される、患者さまへのメッセージです。"
              style={{ marginBottom: 0 }}
            >
              <CountedTextArea
                autoSize={{ minRows: 3, maxRows: 6 }}
                maxLength={TICKET_MESSAGE_MAX}
                disabled={!getFieldValue("ownTicketMessage")}
              />
            </Form.Item>
          )}
        </Form.Item>
        <Flex align="center" gap={16} wrap className={styles.testPrint}>
          <TestPrintButton />
          <Typography.Text type="secondary">
            保存した内容で見本の受付票を印刷し、プリンターを確かめます。
          </Typography.Text>
        </Flex>
      </Card>
      <Card title="個人情報の利用目的">
        <Form.Item
          label="Web受付のページに表示する利用目的"
          name="privacyNotice"
          rules={[zodRule(AppSettingsSchema.shape.privacyNotice)]}
          extra="患者さまが処方箋の写真を送る前に読み、同意する文章です。写真と連絡先の利用目的、保存期間、お問い合わせ先を書いてください。"
          style={{ marginBottom: 0 }}
        >
          <CountedTextArea autoSize={{ minRows: 6, maxRows: 20 }} maxLength={PRIVACY_NOTICE_MAX} />
        </Form.Item>
      </Card>
      <Card title="セキュリティ">
        <Flex align="center" gap={16} className={styles.switchRow}>
          <Form.Item name="requireMfaForAdmins" valuePropName="checked" noStyle>
            <Switch id="general-settings_requireMfaForAdmins" aria-describedby="require-mfa-help" />
          </Form.Item>
          <label htmlFor="general-settings_requireMfaForAdmins" className={styles.switchLabel}>
            管理者に二段階認証を必須にする
          </label>
        </Flex>
        <Typography.Paragraph id="require-mfa-help" type="secondary" className={styles.help}>
          オンにすると、二段階認証を設定していない管理者は、ログイン後に設定を済ませるまでほかの画面を使えません。
        </Typography.Paragraph>
      </Card>
    </SettingsForm>
  );
}
