import { DeleteOutlined } from "@ant-design/icons";
import { API_DATE_FORMAT } from "@pharmacy/contract/shared/formats";
import { holidayName } from "@pharmacy/contract/calendar/holidays";
import { Button, Card, DatePicker, Flex, Tag, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { formatFullDate } from "@pharmacy/contract/calendar/date-labels";
import { dayjs } from "../../../lib/dates/dayjs";
import { removeClosedDate, setClosedDates } from "../business-hours";
import type { BusinessHoursEditorState } from "./use-business-hours-editor";
import styles from "./business-hours-page.module.css";

/** 「臨時休業日」: a calendar to pick them (holidays in red) and the list of those chosen. */
export function ClosedDatesCard({ editor }: { editor: BusinessHoursEditorState }) {
  const { draft, update, today } = editor;
  return (
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
        {editor.messagesAt("closedDates").map((text) => (
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
  );
}
