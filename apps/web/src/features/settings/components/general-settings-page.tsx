import { ReceiveMethodSchema, type ReceiveMethod } from "@pharmacy/contract/enums";
import { ANSWER_LABELS } from "@pharmacy/contract/question-labels";
import { AppSettingsSchema, type AppSettings } from "@pharmacy/contract/settings";
import { App, Card, Checkbox, Flex, Form, Switch, Typography } from "antd";
import { useState } from "react";
import { showApiIssuesOnForm } from "../../../components/api-form-errors";
import { zodRule } from "../../../lib/zod-rule";
import { useGetAppSettingsQuery } from "../../../lib/settings-api";
import { useUpdateAppSettingsMutation } from "../api";
import { useFormDirty } from "../hooks/use-form-dirty";
import { useUnsavedChangesGuard } from "../hooks/use-unsaved-changes-guard";
import { CountedTextArea } from "./counted-text-area";
import { SaveBar } from "./save-bar";
import { SaveErrorAlert, type SaveError } from "./save-error-alert";
import { SettingsPageFrame } from "./settings-page-frame";
import styles from "./general-settings-page.module.css";

type GeneralValues = Pick<AppSettings, "enabledReceiveMethods" | "autoPrintTicket" | "ticketMessage">;

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
  };
}

function comparable(values: Partial<GeneralValues>) {
  return {
    enabledReceiveMethods: inCatalogueOrder(values.enabledReceiveMethods),
    autoPrintTicket: Boolean(values.autoPrintTicket),
    ticketMessage: values.ticketMessage?.trim() ?? "",
  };
}

export function GeneralSettingsPage() {
  const { data, error, isLoading, refetch } = useGetAppSettingsQuery();
  return (
    <SettingsPageFrame pageKey="general-settings" loading={isLoading} error={data ? undefined : error} onRetry={refetch}>
      {data && <GeneralSettingsForm settings={data} />}
    </SettingsPageFrame>
  );
}

function GeneralSettingsForm({ settings }: { settings: AppSettings }) {
  const [form] = Form.useForm<GeneralValues>();
  const { message } = App.useApp();
  const [updateAppSettings, { isLoading: saving }] = useUpdateAppSettingsMutation();
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const baseline = toValues(settings);
  const { dirty, onValuesChange, markClean } = useFormDirty(baseline, comparable);
  const guard = useUnsavedChangesGuard(dirty);

  async function handleFinish(values: GeneralValues) {
    setSaveError(null);
    try {
      // The questions are edited on their own screens: send them as they are saved.
      await updateAppSettings({ ...settings, ...comparable(values) }).unwrap();
    } catch (error) {
      const unmatched = showApiIssuesOnForm(form, error);
      setSaveError({ error, details: unmatched.map((issue) => issue.message) });
      return;
    }
    markClean();
    void message.success("一般設定を保存しました");
  }

  function handleReset() {
    form.resetFields();
    setSaveError(null);
    markClean();
  }

  return (
    <Form
      form={form}
      name="general-settings"
      layout="vertical"
      initialValues={baseline}
      onValuesChange={onValuesChange}
      onFinish={handleFinish}
      scrollToFirstError={{ block: "center" }}
    >
      {guard}
      <Flex vertical gap={16}>
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
          <Form.Item
            label="受付票のメッセージ"
            name="ticketMessage"
            rules={[zodRule(AppSettingsSchema.shape.ticketMessage)]}
            extra="受付票の下に印刷される、患者さまへのメッセージです。"
            style={{ marginBottom: 0 }}
          >
            <CountedTextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={TICKET_MESSAGE_MAX} />
          </Form.Item>
        </Card>
        <SaveErrorAlert saveError={saveError} />
        <SaveBar dirty={dirty} saving={saving} onReset={handleReset} />
      </Flex>
    </Form>
  );
}
