import {
  RETENTION_KIND_LABELS,
  RETENTION_KIND_NOTES,
  type RetentionKind,
  type RetentionPeriod,
  type RetentionSettings,
} from "@pharmacy/contract/retention/retention";
import { toHalfWidthDigits } from "@pharmacy/contract/shared/half-width";
import { Alert, Card, Form, InputNumber, Typography } from "antd";
import type { Rule } from "antd/es/form";
import { retentionRangeText } from "../format";
import { useGetRetentionQuery, useSaveRetentionMutation } from "../retention-api";
import { SettingsForm } from "./settings-form";
import { SettingsPageFrame } from "./settings-page-frame";

type RetentionValues = Partial<Record<RetentionKind, number | null>>;

/** /settings/retention/: how long each kind of record is kept before the server deletes it (admin). */
export function RetentionSettingsPage() {
  const { data, error, isLoading, refetch } = useGetRetentionQuery();
  return (
    <SettingsPageFrame pageKey="retention" loading={isLoading} error={data ? undefined : error} onRetry={refetch}>
      {data && <RetentionForm settings={data} />}
    </SettingsPageFrame>
  );
}

function RetentionForm({ settings }: { settings: RetentionSettings }) {
  const [save, { isLoading: saving }] = useSaveRetentionMutation();
  const baseline = Object.fromEntries(settings.kinds.map((period) => [period.kind, period.days])) as RetentionValues;
  return (
    <SettingsForm<RetentionValues>
      name="retention"
      baseline={baseline}
      comparable={(values) => settings.kinds.map((period) => values[period.kind] ?? null)}
      save={(values) =>
        save({
          kinds: settings.kinds.map((period) => ({ kind: period.kind, days: values[period.kind] ?? period.days })),
        }).unwrap()
      }
      saving={saving}
      savedMessage="データの保存期間を保存しました"
    >
      <Alert
        type="info"
        showIcon
        title="期間を過ぎた記録は、サーバーが1時間ごとに確認して削除します。削除した件数と期間は操作履歴に残ります（内容は残りません）。"
      />
      <Card>
        {settings.kinds.map((period) => (
          <PeriodField key={period.kind} period={period} />
        ))}
      </Card>
    </SettingsForm>
  );
}

function PeriodField({ period }: { period: RetentionPeriod }) {
  const rules: Rule[] = [
    { required: true, message: "日数を入力してください" },
    {
      type: "number",
      min: period.minimumDays,
      max: period.maximumDays,
      message: retentionRangeText(period),
    },
  ];
  return (
    <Form.Item
      label={RETENTION_KIND_LABELS[period.kind]}
      name={period.kind}
      rules={rules}
      extra={
        <>
          <Typography.Text type="secondary">{RETENTION_KIND_NOTES[period.kind]}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{retentionRangeText(period)}</Typography.Text>
        </>
      }
    >
      <InputNumber
        inputMode="numeric"
        controls={false}
        parser={(text) => Number(toHalfWidthDigits(text ?? ""))}
        style={{ width: 200 }}
        suffix="日"
        data-testid={`retention-${period.kind}`}
      />
    </Form.Item>
  );
}
