import type { DailyReport } from "@pharmacy/contract/reports/reports";
import { Card, Col, Row, Statistic } from "antd";
import { summaryOf } from "../report-figures";
import styles from "./reports-page.module.css";

/** The period at a glance: how many, how many by web, the busiest hour, what went wrong. */
export function ReportSummaryCards({ report }: { report: DailyReport }) {
  const summary = summaryOf(report);
  const cards = [
    { title: "受付数", value: summary.total, suffix: "件" },
    {
      title: "1日平均",
      value: summary.perOpenDay === undefined ? "—" : summary.perOpenDay.toFixed(1),
      suffix: summary.perOpenDay === undefined ? undefined : "件",
    },
    {
      title: summary.webShare === undefined ? "Web受付" : `Web受付（${Math.round(summary.webShare * 100)}%）`,
      value: summary.web,
      suffix: "件",
    },
    { title: "最も多い時間帯", value: summary.peakHour === undefined ? "—" : `${summary.peakHour}時台` },
    { title: "中断された受付", value: summary.abandoned, suffix: "件" },
    { title: "写真の再送依頼", value: summary.photoRequests, suffix: "件" },
  ];
  return (
    <Row gutter={[16, 16]} role="list" aria-label="期間の集計">
      {cards.map((card) => (
        <Col key={card.title} xs={12} md={8} xl={4} role="listitem">
          <Card size="small" className={styles.card}>
            <Statistic title={card.title} value={card.value} suffix={card.suffix} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
