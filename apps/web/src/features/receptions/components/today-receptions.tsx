import { DATE_FORMAT } from "@pharmacy/contract/formats";
import { Card, Empty, Typography } from "antd";
import { useState } from "react";
import { dayjs } from "../../../lib/dayjs";
import { useDocumentTitle } from "../../../lib/use-document-title";

const TITLE = "本日の受付";

/** Placeholder for the main screen: the live reception list of the day takes this place next. */
export function TodayReceptions() {
  useDocumentTitle(TITLE);
  const [today] = useState(() => dayjs().format(`${DATE_FORMAT}（ddd）`));
  return (
    <Card title={<Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>{TITLE}</Typography.Title>} extra={today}>
      <Empty description="受付一覧はこの画面に表示されます（準備中）。" />
    </Card>
  );
}
