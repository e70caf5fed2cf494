import { CopyOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { businessDateOf } from "@pharmacy/contract/business-calendar";
import { API_DATE_FORMAT, TIME_FORMAT } from "@pharmacy/contract/formats";
import { holidayName } from "@pharmacy/contract/holidays";
import type { BusinessHours, Period } from "@pharmacy/contract/settings";
import { App, Button, Card, DatePicker, Flex, Popconfirm, Tag, TimePicker, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { apiValidationIssues } from "../../../components/api-form-errors";
import { formatFullDate, WEEKDAY_NAMES } from "@pharmacy/contract/date-labels";
import { dayjs } from "../../../lib/dayjs";
import { useGetBusinessHoursQuery } from "../../../lib/settings-api";
import { useUpdateBusinessHoursMutation } from "../api";
import {
  addPeriod,
  businessHoursIssues,
  changePeriod,
  copyPeriodsToAllWeekdays,
  issuePathKey,
  removeClosedDate,
  removePeriod,
  sameHours,
  setClosedDates,
  toEditableHours,
} from "../business-hours";
import { useUnsavedChangesGuard } from "../hooks/use-unsaved-changes-guard";
import { HolidaysCard } from "./holidays-card";
import { SaveBar } from "./save-bar";
import { SaveErrorAlert, type SaveError } from "./save-error-alert";
import { SettingsPageFrame } from "./settings-page-frame";
import styles from "./business-hours-page.module.css";

const MAX_PERIODS_PER_DAY = 6;
/** The places this screen shows a message at: a day, one of its periods, or the closed dates. */
const SHOWN_ISSUE_PATH = /^(weekly\.\d+\.periods(\.\d+(\.(start|end))?)?|closedDates)$/;
const INVALID_HOURS_MESSAGE = "営業時間の入力内容に誤りがあります。赤字の箇所を確認してください。";

function toTime(value: string): Dayjs {
  const [hour, minute] = value.split(":").map(Number) as [number, number];
  return dayjs().hour(hour).minute(minute).second(0).millisecond(0);
}

export function BusinessHoursPage() {
  const { data, error, isLoading, refetch } = useGetBusinessHoursQuery();
  return (
    <SettingsPageFrame pageKey="business-hours" loading={isLoading} error={data ? undefined : error} onRetry={refetch}>
      {data && <BusinessHoursEditor saved={data} />}
    </SettingsPageFrame>
  );
}

function BusinessHoursEditor({ saved }: { saved: BusinessHours }) {
  const { message } = App.useApp();
  const [draft, setDraft] = useState(() => toEditableHours(saved));
  const [serverIssues, setServerIssues] = useState<Map<string, string[]>>(() => new Map());
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const [updateBusinessHours, { isLoading: saving }] = useUpdateBusinessHoursMutation();
  const dirty = !sameHours(draft, saved);
  const guard = useUnsavedChangesGuard(dirty);
  const issues = businessHoursIssues(draft);
  const today = businessDateOf();

  const messagesAt = (...path: (string | number)[]) => {
    const key = issuePathKey(path);
    return [...(issues.get(key) ?? []), ...(serverIssues.get(key) ?? [])];
  };

  function update(next: BusinessHours) {
    setDraft(next);
    setServerIssues(new Map());
    setSaveError(null);
  }

  async function handleSave() {
    setSaveError(null);
    if (issues.size > 0) {
      void message.error(INVALID_HOURS_MESSAGE);
      document.querySelector(`.${styles.error}`)?.scrollIntoView({ block: "center" });
      return;
    }
    try {
      const result = await updateBusinessHours(draft).unwrap();
      setDraft(toEditableHours(result));
    } catch (error) {
      const found = new Map<string, string[]>();
      const details: string[] = [];
      for (const issue of apiValidationIssues(error)) {
        const key = issuePathKey(issue.path);
        if (SHOWN_ISSUE_PATH.test(key)) found.set(key, [...(found.get(key) ?? []), issue.message]);
        else details.push(issue.message);
      }
      setServerIssues(found);
      setSaveError({ error, details });
      return;
    }
    void message.success("営業時間を保存しました");
  }

  function handleReset() {
    update(toEditableHours(saved));
  }

  return (
    <Flex vertical gap={16}>
      {guard}
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

      <HolidaysCard
        today={today}
        openOnHolidays={draft.openOnHolidays}
        onChange={(openOnHolidays) => update({ ...draft, openOnHolidays })}
      />

      <Card title="臨時休業日">
        <Flex vertical gap={16}>
          {/* The multiple picker has no input to label: the group carries the name. */}
          <div role="group" aria-labelledby="closed-dates-label">
            <div id="closed-dates-label" className={styles.label}>
              カレンダーから休業日を選んでください（複数選べます）
            </div>
            <Typography.Text type="secondary">
              カレンダーの赤い日付は祝日です（日付に重ねると祝日名が出ます）。
            </Typography.Text>
            <DatePicker
              multiple
              value={draft.closedDates.map((date) => dayjs(date))}
              onChange={(dates: Dayjs[] | null) =>
                update(
                  setClosedDates(
                    draft,
                    (dates ?? []).map((date) => date.format(API_DATE_FORMAT)),
                  ),
                )
              }
              disabledDate={(date) => date.format(API_DATE_FORMAT) < today}
              cellRender={(current, info) => {
                if (info.type !== "date") return info.originNode;
                const day = dayjs(current);
                const name = holidayName(day.format(API_DATE_FORMAT));
                if (!name) return info.originNode;
                return (
                  <div className="ant-picker-cell-inner" title={name} aria-label={`${day.date()}日 ${name}`}>
                    <span className={styles.holidayDate}>{day.date()}</span>
                  </div>
                );
              }}
              maxTagCount="responsive"
              placeholder="日付を選択"
              format="YYYY年M月D日"
              needConfirm={false}
              allowClear={false}
              className={styles.picker}
            />
          </div>
          {messagesAt("closedDates").map((text) => (
            <div key={text} role="alert" className={styles.error}>
              {text}
            </div>
          ))}
          {draft.closedDates.length === 0 ? (
            <Typography.Text type="secondary">休業日は登録されていません。</Typography.Text>
          ) : (
            <ul className={styles.closedDates} aria-label="登録済みの休業日">
              {draft.closedDates.map((date) => (
                <li key={date} className={styles.closedDate}>
                  <span>
                    {formatFullDate(date)}
                    {date < today && (
                      <Tag className={styles.pastTag} bordered={false}>
                        過去
                      </Tag>
                    )}
                  </span>
                  <Button
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={`${formatFullDate(date)}を休業日から外す`}
                    onClick={() => update(removeClosedDate(draft, date))}
                    autoInsertSpace={false}
                  >
                    外す
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Flex>
      </Card>
      <SaveErrorAlert saveError={saveError} />
      <SaveBar dirty={dirty} saving={saving} onReset={handleReset} onSave={handleSave} />
    </Flex>
  );
}

interface PeriodRowProps {
  weekdayName: string;
  index: number;
  period: Period;
  messages: string[];
  onChange: (period: Period) => void;
  onRemove: () => void;
}

function PeriodRow({ weekdayName, index, period, messages, onChange, onRemove }: PeriodRowProps) {
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
