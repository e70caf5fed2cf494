import { PlusOutlined } from "@ant-design/icons";
import type { BranchDay } from "@pharmacy/contract/organization/organization";
import { App, Button, Card, Flex, Form, Input, Table, Typography, type TableColumnsType } from "antd";
import { LiveIndicator } from "../../../components/live-indicator";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { formatFullDate } from "@pharmacy/contract/calendar/date-labels";
import { useAddBranchMutation, useGetOrganizationQuery, useGetOrganizationTodayQuery } from "../api";
import { dayTotals, type DayCountKey } from "../organization-day";
import { BranchReportsCard } from "./branch-reports-card";
import { OrganizationSettingsCard } from "./organization-settings-card";

/**
 * The receptions' counts come live (the organisation's socket); follow-ups due and failed LINE messages
 * change with the server's sweeps, which send no frame: the whole day is read again this often for them.
 */
const REFRESH_MS = 60_000;

const COUNT_COLUMNS: Array<{ key: DayCountKey; title: string }> = [
  { key: "received", title: "受付" },
  { key: "waiting", title: "対応待ち" },
  { key: "completed", title: "完了" },
  { key: "carried", title: "持ち越し" },
  // the card's title says 本日: a short header keeps every count in view on a 1024 px screen
  { key: "pickupsDue", title: "お渡し予定" },
  { key: "followUpsDue", title: "フォローアップ" },
  { key: "failedNotices", title: "通知の失敗" },
];

// The branch's name is never cut: 240 px hold a usual one on one line, a longer one wraps, and it stays
// in view when a narrow screen scrolls the counts sideways; the counts keep one line each, and all of
// them fit beside it from 1024 px up.
const COLUMNS: TableColumnsType<BranchDay> = [
  {
    title: "店舗",
    dataIndex: "name",
    key: "name",
    fixed: "left",
    width: 240,
    render: (name: string) => name || "（店舗名未設定）",
  },
  ...COUNT_COLUMNS.map(({ key, title }) => ({
    title,
    dataIndex: key,
    key,
    align: "right" as const,
    onHeaderCell: () => ({ style: { whiteSpace: "nowrap" as const } }),
  })),
];

/** 本部: every branch of the organisation on today's business day, and adding a branch (docs/rules.md#organisations). */
export function OrganizationPage() {
  const { data: organization } = useGetOrganizationQuery();
  const { data: today, isLoading } = useGetOrganizationTodayQuery(undefined, {
    pollingInterval: REFRESH_MS,
    refetchOnFocus: true,
  });
  const totals = dayTotals(today?.branches ?? []);
  const [addBranch, { isLoading: adding }] = useAddBranchMutation();
  const [form] = Form.useForm<{ name: string }>();
  const { message } = App.useApp();

  async function onAdd({ name }: { name: string }) {
    try {
      await addBranch({ name }).unwrap();
      form.resetFields();
      void message.success(`店舗「${name}」を追加しました`);
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
    }
  }

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        本部{organization?.name ? `（${organization.name}）` : ""}
      </Typography.Title>
      <Card
        title={
          <Flex gap={16} wrap align="baseline">
            <span>本日の各店舗</span>
            {today && <span>{formatFullDate(today.date)}</span>}
          </Flex>
        }
        extra={<LiveIndicator view="organization" />}
      >
        <Table<BranchDay>
          rowKey="id"
          columns={COLUMNS}
          dataSource={today?.branches ?? []}
          loading={isLoading}
          pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: "max-content" }}
          // the whole organisation's, whatever page of branches is shown
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合計（{totals.branches}店舗）</Table.Summary.Cell>
              {COUNT_COLUMNS.map(({ key }, index) => (
                <Table.Summary.Cell key={key} index={index + 1} align="right">
                  {totals.counts[key]}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          )}
        />
      </Card>
      <Card title="店舗を追加">
        <Form form={form} layout="inline" onFinish={(values) => void onAdd(values)}>
          <Form.Item
            name="name"
            label="店舗名"
            rules={[{ required: true, whitespace: true, message: "店舗名を入力してください" }, { max: 100 }]}
          >
            <Input placeholder="例: さくら薬局 駅前店" style={{ width: 280 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={adding}>
              追加する
            </Button>
          </Form.Item>
        </Form>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          追加した店舗の管理者にはあなたが登録されます。ヘッダーの店舗名から切り替えて、店舗情報・営業時間・スタッフ・端末を設定してください。
        </Typography.Paragraph>
      </Card>
      <BranchReportsCard />
      <OrganizationSettingsCard />
    </Flex>
  );
}
