import { ReceptionStartNumberSchema, type Pharmacy } from "@pharmacy/contract/pharmacy";
import { App, Alert, Card, Flex, Form, InputNumber } from "antd";
import { useState } from "react";
import { showApiIssuesOnForm } from "../../../components/api-form-errors";
import { pharmacyClock } from "../../../lib/business-days";
import { zodRule } from "../../../lib/zod-rule";
import { useGetPharmacyQuery, useUpdatePharmacyMutation } from "../../../lib/pharmacy-api";
import { startNumberEffectText } from "../format";
import { useFormDirty } from "../hooks/use-form-dirty";
import { useUnsavedChangesGuard } from "../hooks/use-unsaved-changes-guard";
import { SaveBar } from "./save-bar";
import { SaveErrorAlert, type SaveError } from "./save-error-alert";
import { SettingsPageFrame } from "./settings-page-frame";

interface StartNumberValues {
  receptionStartNumber: number | null;
}

export function ReceptionStartNumberPage() {
  const { data, error, isLoading, refetch } = useGetPharmacyQuery();
  return (
    <SettingsPageFrame pageKey="reception-start-number" loading={isLoading} error={data ? undefined : error} onRetry={refetch}>
      {data && <StartNumberForm pharmacy={data} />}
    </SettingsPageFrame>
  );
}

function StartNumberForm({ pharmacy }: { pharmacy: Pharmacy }) {
  const [form] = Form.useForm<StartNumberValues>();
  const { message } = App.useApp();
  const [updatePharmacy, { isLoading: saving }] = useUpdatePharmacyMutation();
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const baseline: StartNumberValues = { receptionStartNumber: pharmacy.receptionStartNumber };
  const { dirty, onValuesChange, markClean } = useFormDirty(baseline, (values) => values.receptionStartNumber ?? null);
  const guard = useUnsavedChangesGuard(dirty);
  const effect = startNumberEffectText(pharmacy.receptionStartNumberFrom, pharmacyClock().today);

  async function handleFinish(values: StartNumberValues) {
    setSaveError(null);
    try {
      await updatePharmacy({ receptionStartNumber: values.receptionStartNumber ?? undefined }).unwrap();
    } catch (error) {
      const unmatched = showApiIssuesOnForm(form, error);
      setSaveError({ error, details: unmatched.map((issue) => issue.message) });
      return;
    }
    markClean();
    void message.success("受付開始番号を保存しました");
  }

  function handleReset() {
    form.resetFields();
    setSaveError(null);
    markClean();
  }

  return (
    <Form
      form={form}
      name="reception-start-number"
      layout="vertical"
      initialValues={baseline}
      onValuesChange={onValuesChange}
      onFinish={handleFinish}
    >
      {guard}
      <Flex vertical gap={16}>
        <Card>
          <Form.Item
            label="毎日の最初の受付番号"
            name="receptionStartNumber"
            rules={[zodRule(ReceptionStartNumberSchema)]}
            extra="1〜9999の数字で入力してください。その日の受付番号はこの番号から順に付きます。"
          >
            {/* No min/max here: clamping would hide the out-of-range message instead of saying it. */}
            <InputNumber inputMode="numeric" controls={false} style={{ width: 200, fontSize: 24 }} suffix="番から" />
          </Form.Item>
          <Alert type="info" showIcon title={effect} />
        </Card>
        <SaveErrorAlert saveError={saveError} />
        <SaveBar dirty={dirty} saving={saving} onReset={handleReset} />
      </Flex>
    </Form>
  );
}
