import { Alert, Button, Drawer, Flex, Spin, Typography } from "antd";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { useGetReceptionDatesQuery } from "../api";
import { formatFullDate } from "@pharmacy/contract/calendar/date-labels";
import styles from "./dates-drawer.module.css";

interface DatesDrawerProps {
  open: boolean;
  currentDate: string;
  today: string;
  onSelectDate: (date: string) => void;
  onClose: () => void;
}

/** `showDates`: the business days that have receptions, newest first, with their counts. */
export function DatesDrawer({ open, currentDate, today, onSelectDate, onClose }: DatesDrawerProps) {
  const { data, error, isLoading, refetch } = useGetReceptionDatesQuery(undefined, { skip: !open });
  const dates = data?.dates ?? [];
  const entries = dates.some((entry) => entry.date === today) ? dates : [{ date: today, count: 0 }, ...dates];

  return (
    <Drawer title="受付日を選ぶ" placement="left" open={open} onClose={onClose} size={360} destroyOnHidden>
      {isLoading ? (
        <Flex justify="center" className={styles.loading}>
          <Spin description="読み込み中" />
        </Flex>
      ) : error ? (
        <Alert
          type="error"
          showIcon
          title={apiErrorMessage(error)}
          action={<Button onClick={() => void refetch()}>再読み込み</Button>}
        />
      ) : (
        <nav aria-label="受付日">
          <ul className={styles.list}>
            {entries.map((entry) => (
              <li key={entry.date}>
                <Button
                  block
                  size="large"
                  type={entry.date === currentDate ? "primary" : "default"}
                  className={styles.day}
                  aria-current={entry.date === currentDate ? "date" : undefined}
                  onClick={() => onSelectDate(entry.date)}
                >
                  <span>
                    {formatFullDate(entry.date)}
                    {entry.date === today && <span className={styles.today}>本日</span>}
                  </span>
                  <span className={styles.count}>{`${entry.count}件`}</span>
                </Button>
              </li>
            ))}
          </ul>
          {dates.length === 0 && <Typography.Text type="secondary">過去の受付はまだありません。</Typography.Text>}
        </nav>
      )}
    </Drawer>
  );
}
