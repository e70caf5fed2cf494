import { ReceiveMethodSchema, ReceptionChannelSchema } from "@pharmacy/contract/shared/enums";
import { REPORT_CHANNEL_LABELS, receiveMethodLabel, type ReportDay } from "@pharmacy/contract/reports/reports";
import { Card, Table, type TableColumnsType } from "antd";
import styles from "./reports-page.module.css";
import { formatFullDate } from "@pharmacy/contract/calendar/date-labels";

const minutes = (value: number | undefined) => (value === undefined ? "—" : `${value}分`);

const columns: TableColumnsType<ReportDay> = [
  {
    title: "日付",
    dataIndex: "date",
    key: "date",
    fixed: "left",
    width: 170,
    render: (date: string) => formatFullDate(date),
  },
  { title: "受付数", dataIndex: "total", key: "total", align: "right" },
  {
    title: "受付の種類",
    children: ReceptionChannelSchema.options.map((channel) => ({
      title: REPORT_CHANNEL_LABELS[channel],
      key: `channel-${channel}`,
      align: "right" as const,
      render: (_value: unknown, day: ReportDay) => day.byChannel[channel],
    })),
  },
  {
    title: "受け取り方法",
    children: ReceiveMethodSchema.options.map((method) => ({
      title: receiveMethodLabel(method),
      key: `method-${method}`,
      align: "right" as const,
      render: (_value: unknown, day: ReportDay) => day.byReceiveMethod[method],
    })),
  },
  {
    title: "待ち時間",
    children: [
      { title: "中央値", key: "median", align: "right", render: (_value, day) => minutes(day.waitMedianMinutes) },
      { title: "90%", key: "p90", align: "right", render: (_value, day) => minutes(day.waitP90Minutes) },
    ],
  },
  { title: "中断", dataIndex: "abandoned", key: "abandoned", align: "right" },
  { title: "写真の再送依頼", dataIndex: "photoRequests", key: "photoRequests", align: "right" },
];

/** One line per day of the period: the same figures as the CSV. */
export function ReportTable({ days }: { days: ReportDay[] }) {
  return (
    <Card title="日別の集計" styles={{ body: { padding: 0 } }}>
      {/* our own scrolling box, reachable by keyboard and named, instead of the table's unnamed one */}
      <div className={styles.scroller} tabIndex={0} role="region" aria-label="日別の集計表（横にスクロールできます）">
        <Table<ReportDay>
          rowKey="date"
          size="small"
          bordered
          columns={columns}
          dataSource={days}
          tableLayout="auto"
          className={styles.table}
          pagination={{ pageSize: 31, hideOnSinglePage: true, showSizeChanger: false }}
        />
      </div>
    </Card>
  );
}
