import { DeleteOutlined } from "@ant-design/icons";
import { TIME_FORMAT } from "@pharmacy/contract/shared/formats";
import type { Period } from "@pharmacy/contract/settings/settings";
import { Button, Flex, TimePicker } from "antd";
import type { Dayjs } from "dayjs";
import { dayjs } from "../../../lib/dates/dayjs";
import styles from "./business-hours-page.module.css";

function toTime(value: string): Dayjs {
  const [hour, minute] = value.split(":").map(Number) as [number, number];
  return dayjs().hour(hour).minute(minute).second(0).millisecond(0);
}

interface PeriodRowProps {
  weekdayName: string;
  index: number;
  period: Period;
  messages: string[];
  onChange: (period: Period) => void;
  onRemove: () => void;
}

/** One opening period of a weekday: start 〜 end, its delete button and its messages. */
export function PeriodRow({ weekdayName, index, period, messages, onChange, onRemove }: PeriodRowProps) {
  const invalid = messages.length > 0;
  const label = `${weekdayName} 時間帯${index + 1}`;
  return (
    <div>
      <Flex align="center" gap={8} wrap className={styles.period} role="group" aria-label={label}>
        <PeriodTime
          time={period.start}
          invalid={invalid}
          label={`${label}の開始時刻`}
          onChange={(start) => onChange({ ...period, start })}
        />
        <span aria-hidden>〜</span>
        <PeriodTime
          time={period.end}
          invalid={invalid}
          label={`${label}の終了時刻`}
          onChange={(end) => onChange({ ...period, end })}
        />
        <Button icon={<DeleteOutlined aria-hidden />} aria-label={`${label}を削除`} onClick={onRemove} />
      </Flex>
      {messages.map((text) => (
        <div key={text} role="alert" className={styles.error}>
          {text}
        </div>
      ))}
    </div>
  );
}

interface PeriodTimeProps {
  time: string;
  invalid: boolean;
  label: string;
  onChange: (time: string) => void;
}

/** One end of a period, in 5-minute steps. */
function PeriodTime({ time, invalid, label, onChange }: PeriodTimeProps) {
  return (
    <TimePicker
      value={toTime(time)}
      format={TIME_FORMAT}
      minuteStep={5}
      needConfirm={false}
      allowClear={false}
      showNow={false}
      status={invalid ? "error" : undefined}
      aria-label={label}
      onChange={(value) => value && onChange(value.format(TIME_FORMAT))}
      className={styles.time}
    />
  );
}
