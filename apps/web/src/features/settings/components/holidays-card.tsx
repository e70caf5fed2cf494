import { addDays } from "@pharmacy/contract/calendar/business-calendar";
import { holidaysBetween } from "@pharmacy/contract/calendar/holidays";
import { Card, Flex, Switch, Tag, Typography } from "antd";
import { formatYearMonthDay } from "@pharmacy/contract/calendar/date-labels";
import styles from "./business-hours-page.module.css";

/** How far ahead the card lists the holidays: a year, as the calendar of closed dates does. */
const HOLIDAYS_AHEAD_DAYS = 365;

interface HolidaysCardProps {
  today: string;
  openOnHolidays: boolean;
  onChange: (openOnHolidays: boolean) => void;
}

/** 「祝日」: closed on national holidays unless 祝日も営業する, and the coming holidays with their names. */
export function HolidaysCard({ today, openOnHolidays, onChange }: HolidaysCardProps) {
  const holidays = holidaysBetween(today, addDays(today, HOLIDAYS_AHEAD_DAYS));
  return (
    <Card title="祝日">
      <Flex vertical gap={16}>
        <Flex align="center" gap={12}>
          <Switch id="open-on-holidays" checked={openOnHolidays} onChange={onChange} />
          <label htmlFor="open-on-holidays">祝日も営業する</label>
        </Flex>
        <Typography.Text type="secondary">
          {openOnHolidays
            ? "祝日も曜日ごとの営業時間のとおり営業します。"
            : "祝日（振替休日を含む）は休業日になり、Webの受付やご来局予定日にも選べません。"}
        </Typography.Text>
        <ul className={styles.holidays} aria-label="今後1年間の祝日">
          {holidays.map((holiday) => (
            <li key={holiday.date} className={styles.holiday}>
              <span className={styles.holidayText}>{`${formatYearMonthDay(holiday.date)} ${holiday.name}`}</span>
              <Tag color={openOnHolidays ? "green" : "default"}>{openOnHolidays ? "営業" : "休み"}</Tag>
            </li>
          ))}
        </ul>
      </Flex>
    </Card>
  );
}
