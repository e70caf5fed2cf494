import { CopyOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Popconfirm, Tag } from "antd";
import { WEEKDAY_NAMES } from "@pharmacy/contract/calendar/date-labels";
import { addPeriod, changePeriod, copyPeriodsToAllWeekdays, removePeriod } from "../business-hours";
import { PeriodRow } from "./period-row";
import type { BusinessHoursEditorState } from "./use-business-hours-editor";
import styles from "./business-hours-page.module.css";

const MAX_PERIODS_PER_DAY = 6;

/** 「曜日ごとの営業時間」: each weekday's periods, with 時間帯を追加 and 全曜日にコピー. */
export function WeeklyHoursCard({ editor }: { editor: BusinessHoursEditorState }) {
  const { draft, update, messagesAt } = editor;
  return (
    <Card title="曜日ごとの営業時間" classNames={{ body: styles.weekBody }}>
      <ul className={styles.week}>
        {draft.weekly.map((day, dayIndex) => {
          const name = WEEKDAY_NAMES[day.weekday]!;
          const dayMessages = messagesAt("weekly", dayIndex, "periods");
          return (
            <li key={day.weekday} className={styles.day} aria-label={name}>
              <div className={styles.dayName}>{name}</div>
              <Flex vertical gap={8} className={styles.dayBody}>
                {day.periods.length === 0 && (
                  <div className={styles.closed}>
                    <Tag>休み</Tag> 営業時間がありません
                  </div>
                )}
                {day.periods.map((period, periodIndex) => (
                  <PeriodRow
                    key={periodIndex}
                    weekdayName={name}
                    index={periodIndex}
                    period={period}
                    messages={[
                      ...messagesAt("weekly", dayIndex, "periods", periodIndex, "start"),
                      ...messagesAt("weekly", dayIndex, "periods", periodIndex, "end"),
                      ...messagesAt("weekly", dayIndex, "periods", periodIndex),
                    ]}
                    onChange={(next) => update(changePeriod(draft, day.weekday, periodIndex, next))}
                    onRemove={() => update(removePeriod(draft, day.weekday, periodIndex))}
                  />
                ))}
                {dayMessages.map((text) => (
                  <div key={text} role="alert" className={styles.error}>
                    {text}
                  </div>
                ))}
                <Flex gap={8} wrap>
                  <Button
                    icon={<PlusOutlined aria-hidden />}
                    onClick={() => update(addPeriod(draft, day.weekday))}
                    disabled={day.periods.length >= MAX_PERIODS_PER_DAY}
                  >
                    時間帯を追加
                  </Button>
                  <Popconfirm
                    title={`${name}の営業時間を全曜日にコピーしますか？`}
                    description="ほかの曜日の営業時間は上書きされます。"
                    okText="コピーする"
                    cancelText="やめる"
                    onConfirm={() => update(copyPeriodsToAllWeekdays(draft, day.weekday))}
                  >
                    <Button icon={<CopyOutlined aria-hidden />} aria-label={`${name}の営業時間を全曜日にコピー`}>
                      全曜日にコピー
                    </Button>
                  </Popconfirm>
                </Flex>
              </Flex>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
