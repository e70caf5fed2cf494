import { ReceptionChannelSchema } from "@pharmacy/contract/shared/enums";
import { REPORT_CHANNEL_LABELS, receiveMethodLabel, type DailyReport } from "@pharmacy/contract/reports/reports";
import { Card, Col, Empty, Row } from "antd";
import type { ReactNode } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { receiveMethodTotals } from "../report-figures";

const CHART_HEIGHT = 260;
const CHANNEL_COLORS = { Paper: "#01579B", Web: "#2e9d8f" } as const;
const METHOD_COLORS = ["#01579B", "#2e9d8f", "#f0a202", "#8e5ea2"];
const MEDIAN_COLOR = "#01579B";
const P90_COLOR = "#d9534f";

/** "6/3" under a day's bar: the year and weekday are in the table. */
const shortDate = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title} size="small">
      <div style={{ height: CHART_HEIGHT }}>{children}</div>
    </Card>
  );
}

/** The four charts of the period: per day by channel, per hour, receive methods, and the wait per day. */
export function ReportCharts({ report }: { report: DailyReport }) {
  const perDay = report.days.map((day) => ({
    date: shortDate(day.date),
    ...Object.fromEntries(
      ReceptionChannelSchema.options.map((channel) => [REPORT_CHANNEL_LABELS[channel], day.byChannel[channel]]),
    ),
    中央値: day.waitMedianMinutes,
    "90%": day.waitP90Minutes,
  }));
  const perHour = report.hours.map((row) => ({ hour: `${row.hour}時`, 受付数: row.total }));
  const methods = receiveMethodTotals(report).map((row, index) => ({
    name: receiveMethodLabel(row.method),
    value: row.total,
    fill: METHOD_COLORS[index % METHOD_COLORS.length],
  }));
  const axis = { fontSize: 12 };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <ChartCard title="日別の受付数（受付の種類別）">
          <ResponsiveContainer>
            <BarChart data={perDay}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tick={axis} />
              <YAxis allowDecimals={false} tick={axis} width={40} />
              <Tooltip />
              <Legend itemSorter={null} />
              {ReceptionChannelSchema.options.map((channel) => (
                <Bar
                  key={channel}
                  dataKey={REPORT_CHANNEL_LABELS[channel]}
                  stackId="channel"
                  fill={CHANNEL_COLORS[channel]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title="時間帯別の受付数">
          <ResponsiveContainer>
            <BarChart data={perHour}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="hour" tick={axis} interval={1} />
              <YAxis allowDecimals={false} tick={axis} width={40} />
              <Tooltip />
              <Bar dataKey="受付数" fill={CHANNEL_COLORS.Paper} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title="受け取り方法の内訳">
          {methods.length === 0 ? (
            <Empty description="受け取り方法の回答はありません" />
          ) : (
            <ResponsiveContainer>
              <PieChart>
                <Pie
                  data={methods}
                  dataKey="value"
                  nameKey="name"
                  innerRadius="45%"
                  outerRadius="75%"
                  label={({ name, value }) => `${name} ${value}件`}
                  isAnimationActive={false}
                />
                <Tooltip />
              </PieChart>
            </ResponsiveContainer>
          )}
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title="待ち時間（受付確定から完了まで、分）">
          <ResponsiveContainer>
            <LineChart data={perDay}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tick={axis} />
              <YAxis allowDecimals={false} tick={axis} width={40} unit="分" />
              <Tooltip />
              <Legend itemSorter={null} />
              <Line dataKey="中央値" stroke={MEDIAN_COLOR} strokeWidth={2} dot isAnimationActive={false} />
              <Line dataKey="90%" stroke={P90_COLOR} strokeWidth={2} dot isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </ChartCard>
      </Col>
    </Row>
  );
}
