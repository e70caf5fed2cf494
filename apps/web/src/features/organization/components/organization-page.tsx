import { PlusOutlined } from "@ant-design/icons";
import type { BranchDay } from "@pharmacy/contract/organization/organization";
import { App, Button, Card, Flex, Form, Input, Table, Typography, type TableColumnsType } from "antd";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { useAddBranchMutation, useGetOrganizationQuery, useGetOrganizationTodayQuery } from "../api";
import { BranchReportsCard } from "./branch-reports-card";
import { OrganizationSettingsCard } from "./organization-settings-card";

/** The chain's day is read again this often: every branch's receptions change it. */
const REFRESH_MS = 10_000;

const COLUMNS: TableColumnsType<BranchDay> = [
  { title: "店舗", dataIndex: "name", key: "name", render: (name: string) => name || "（店舗名未設定）" },
  { title: "受付", dataIndex: "received", key: "received", align: "right" },
  { title: "対応待ち", dataIndex: "waiting", key: "waiting", align: "right" },
  { title: "完了", dataIndex: "completed", key: "completed", align: "right" },
  { title: "持ち越し", dataIndex: "carried", key: "carried", align: "right" },
  { title: "本日お渡し予定", dataIndex: "pickupsDue", key: "pickupsDue", align: "right" },
  { title: "フォローアップ", dataIndex: "followUpsDue", key: "followUpsDue", align: "right" },
  { title: "通知の失敗", dataIndex: "failedNotices", key: "failedNotices", align: "right" },
];

/** 本部: every branch of the organisation on today's business day, and adding a branch (docs/rules.md#organisations). */
export function OrganizationPage() {
  const { data: organization } = useGetOrganizationQuery();
  const { data: today, isLoading } = useGetOrganizationTodayQuery(undefined, {
    pollingInterval: REFRESH_MS,
    refetchOnFocus: true,
  });
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
      <Card title={today ? `本日の各店舗（${today.date}）` : "本日の各店舗"}>
        <Table<BranchDay>
          rowKey="id"
          columns={COLUMNS}
          dataSource={today?.branches ?? []}
          loading={isLoading}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: true }}
          summary={(rows) => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合計</Table.Summary.Cell>
              {COLUMNS.slice(1).map((column, index) => (
                <Table.Summary.Cell key={String(column.key)} index={index + 1} align="right">
                  {rows.reduce((sum, row) => sum + Number(row[column.key as keyof BranchDay]), 0)}
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
