import { CalendarOutlined, PlusOutlined, RollbackOutlined } from "@ant-design/icons";
import { formatFullDate } from "@pharmacy/contract/calendar/date-labels";
import { Button, Card, Flex, Tag, Typography } from "antd";
import { useState, type ReactNode } from "react";
import { LiveIndicator } from "../../../components/live-indicator";
import { Pickups } from "./pickups-drawer";
import styles from "./receptions-page.module.css";

interface ReceptionsToolbarProps {
  title: string;
  date: string;
  today: string;
  isToday: boolean;
  /** Other features' buttons beside today's. */
  todayActions: ReactNode;
  onSelect: (id: string | undefined) => void;
  onShowToday: () => void;
  onOpenDates: () => void;
  creating: boolean;
  onStartCounter: () => void;
}

/** The head of the main screen: the day shown, live status, 受取予定, 日付を選ぶ and 「受付する」. */
export function ReceptionsToolbar({
  title,
  date,
  today,
  isToday,
  todayActions,
  onSelect,
  onShowToday,
  onOpenDates,
  creating,
  onStartCounter,
}: ReceptionsToolbarProps) {
  const [pickupsOpen, setPickupsOpen] = useState(false);
  return (
    <Card className={styles.toolbar} styles={{ body: { padding: "16px 20px" } }}>
      <Flex align="center" justify="space-between" gap={16} wrap>
        <Flex vertical gap={2}>
          <Flex align="center" gap={12}>
            <Typography.Title level={1} className={styles.title}>
              {title}
            </Typography.Title>
            {!isToday && <Tag color="default">過去の受付</Tag>}
          </Flex>
          <Flex align="center" gap={12} wrap>
            <Typography.Text className={styles.date}>{formatFullDate(date)}</Typography.Text>
            <LiveIndicator />
          </Flex>
        </Flex>
        <Flex gap={12} wrap>
          {isToday && todayActions}
          {isToday && (
            <Pickups
              today={today}
              open={pickupsOpen}
              onOpen={() => setPickupsOpen(true)}
              onClose={() => setPickupsOpen(false)}
              onSelect={onSelect}
            />
          )}
          {!isToday && (
            <Button icon={<RollbackOutlined aria-hidden />} onClick={onShowToday}>
              本日に戻る
            </Button>
          )}
          <Button icon={<CalendarOutlined aria-hidden />} onClick={onOpenDates}>
            日付を選ぶ
          </Button>
          {isToday && (
            <Button
              type="primary"
              size="large"
              icon={<PlusOutlined aria-hidden />}
              className={styles.startButton}
              loading={creating}
              onClick={onStartCounter}
            >
              受付する
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
