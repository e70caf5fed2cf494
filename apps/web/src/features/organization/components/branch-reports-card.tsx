import { DownloadOutlined } from "@ant-design/icons";
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { formatFullDate } from "@pharmacy/contract/calendar/date-labels";
import type { OrganizationDailyReport } from "@pharmacy/contract/organization/organization";
import { REPORT_CHANNEL_LABELS, type ReportDay, type ReportQuery } from "@pharmacy/contract/reports/reports";
import { App, Button, Card, DatePicker, Flex, Table, Typography, type TableColumnsType } from "antd";
import { useState } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { dayjs } from "../../../lib/dates/dayjs";
import { saveBlob } from "../../../lib/files/save-blob";
import { useDownloadOrganizationReportCsvMutation, useGetOrganizationDailyReportQuery } from "../api";
import { LoadErrorAlert } from "../../../components/load-error-alert";

type BranchReport = OrganizationDailyReport["branches"][number];

const minutes = (value: number | undefined) => (value === undefined ? "—" : `${value}分`);
const sum = (days: ReportDay[], count: (day: ReportDay) => number) =>
  days.reduce((total, day) => total + count(day), 0);

/** One line per branch: the period's totals; opened, its days. */
const BRANCH_COLUMNS: TableColumnsType<BranchReport> = [
  { title: "店舗", dataIndex: "name", key: "name", render: (name: string) => name || "（店舗名未設定）" },
  { title: "受付数", key: "total", align: "right", render: (_value, branch) => sum(branch.days, (day) => day.total) },
  {
    title: REPORT_CHANNEL_LABELS.Paper,
    key: "paper",
    align: "right",
    render: (_value, branch) => sum(branch.days, (day) => day.byChannel.Paper),
  },
  {
    title: REPORT_CHANNEL_LABELS.Web,
    key: "web",
    align: "right",
    render: (_value, branch) => sum(branch.days, (day) => day.byChannel.Web),
  },
  {
    title: "中断",
    key: "abandoned",
    align: "right",
    render: (_value, branch) => sum(branch.days, (day) => day.abandoned),
  },
  {
    title: "写真の再送依頼",
    key: "photoRequests",
    align: "right",
    render: (_value, branch) => sum(branch.days, (day) => day.photoRequests),
  },
];

const DAY_COLUMNS: TableColumnsType<ReportDay> = [
  { title: "日付", dataIndex: "date", key: "date", render: (date: string) => formatFullDate(date) },
  { title: "受付数", dataIndex: "total", key: "total", align: "right" },
  { title: REPORT_CHANNEL_LABELS.Paper, key: "paper", align: "right", render: (_value, day) => day.byChannel.Paper },
  { title: REPORT_CHANNEL_LABELS.Web, key: "web", align: "right", render: (_value, day) => day.byChannel.Web },
  { title: "待ち時間 中央値", key: "median", align: "right", render: (_value, day) => minutes(day.waitMedianMinutes) },
  { title: "90%", key: "p90", align: "right", render: (_value, day) => minutes(day.waitP90Minutes) },
  { title: "中断", dataIndex: "abandoned", key: "abandoned", align: "right" },
  { title: "写真の再送依頼", dataIndex: "photoRequests", key: "photoRequests", align: "right" },
];

/** 店舗別の日報 (本部): each branch's daily report over a chosen period, and the CSV of every branch and day. */
export function BranchReportsCard() {
  const today = businessDateOf();
  const [range, setRange] = useState<ReportQuery>({ from: `${today.slice(0, 8)}01`, to: today });
  const { data, error, isFetching, refetch } = useGetOrganizationDailyReportQuery(range);
  const [downloadCsv, { isLoading: downloading }] = useDownloadOrganizationReportCsvMutation();
  const { message } = App.useApp();

  async function download() {
    try {
      saveBlob(await downloadCsv(range).unwrap(), `organization-reports-${range.from}_${range.to}.csv`);
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
    }
  }

  return (
    <Card
      title="店舗別の日報"
      extra={
        <Flex gap={12} wrap align="center">
          <DatePicker.RangePicker
            aria-label="期間"
            allowClear={false}
            value={[dayjs(range.from), dayjs(range.to)]}
            disabledDate={(date) => date.format("YYYY-MM-DD") > today}
            onChange={(picked) => {
              if (picked?.[0] && picked[1])
                setRange({ from: picked[0].format("YYYY-MM-DD"), to: picked[1].format("YYYY-MM-DD") });
            }}
          />
          <Button icon={<DownloadOutlined aria-hidden />} loading={downloading} onClick={() => void download()}>
            CSVダウンロード
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">
        各店舗の期間中の受付数です。行を開くと日ごとの集計（各店舗のレポートと同じ数字）を表示します。CSVは店舗×日の1行ずつです。
      </Typography.Paragraph>
      {error ? (
        <LoadErrorAlert title="店舗別の日報を読み込めませんでした" error={error} onRetry={() => void refetch()} />
      ) : (
        <Table<BranchReport>
          rowKey="id"
          columns={BRANCH_COLUMNS}
          dataSource={data?.branches ?? []}
          loading={isFetching}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: true }}
          expandable={{
            expandedRowRender: (branch) => (
              <Table<ReportDay>
                rowKey="date"
                size="small"
                columns={DAY_COLUMNS}
                dataSource={branch.days}
                pagination={false}
                aria-label={`${branch.name}の日ごとの集計`}
              />
            ),
          }}
        />
      )}
    </Card>
  );
}
