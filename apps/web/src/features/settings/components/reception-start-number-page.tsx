import { ReceptionStartNumberSchema, type Pharmacy } from "@pharmacy/contract/pharmacy/pharmacy";
import { toHalfWidthDigits } from "@pharmacy/contract/shared/half-width";
import { Alert, Card, Form, InputNumber } from "antd";
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { zodRule } from "../../../lib/forms/zod-rule";
import { useGetPharmacyQuery, useUpdatePharmacyMutation } from "../../../lib/pharmacy/pharmacy-api";
import { startNumberEffectText } from "../format";
import { SettingsForm } from "./settings-form";
import { SettingsPageFrame } from "./settings-page-frame";

interface StartNumberValues {
  receptionStartNumber: number | null;
}

export function ReceptionStartNumberPage() {
  const { data, error, isLoading, refetch } = useGetPharmacyQuery();
  return (
    <SettingsPageFrame
      pageKey="reception-start-number"
      loading={isLoading}
      error={data ? undefined : error}
      onRetry={refetch}
    >
      {data && <StartNumberForm pharmacy={data} />}
    </SettingsPageFrame>
  );
}

function StartNumberForm({ pharmacy }: { pharmacy: Pharmacy }) {
  const [updatePharmacy, { isLoading: saving }] = useUpdatePharmacyMutation();
  const effect = startNumberEffectText(pharmacy.receptionStartNumberFrom, businessDateOf());

  return (
    <SettingsForm<StartNumberValues>
      name="reception-start-number"
      baseline={{ receptionStartNumber: pharmacy.receptionStartNumber }}
      comparable={(values) => values.receptionStartNumber ?? null}
      save={(values) => updatePharmacy({ receptionStartNumber: values.receptionStartNumber ?? undefined }).unwrap()}
      saving={saving}
      savedMessage="受付開始番号を保存しました"
    >
      <Card>
        <Form.Item
          label="毎日の最初の受付番号"
          name="receptionStartNumber"
          rules={[zodRule(ReceptionStartNumberSchema)]}
          extra="1〜9999の数字で入力してください。その日の受付番号はこの番号から順に付きます。"
        >
          {/* No min/max here: clamping would hide the out-of-range message instead of saying it. */}
          <InputNumber
            inputMode="numeric"
            controls={false}
            parser={(text) => toHalfWidthDigits(text ?? "")}
            style={{ width: 200, fontSize: 24 }}
            suffix="番から"
          />
        </Form.Item>
        <Alert type="info" showIcon title={effect} />
      </Card>
    </SettingsForm>
  );
}
