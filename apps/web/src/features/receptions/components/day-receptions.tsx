import { Flex, Typography } from "antd";
import type { DayReceptions as DayReceptionsState } from "./use-day-receptions";
import { ReceptionTable } from "./reception-table";
import styles from "./receptions-page.module.css";
import { LoadErrorAlert } from "../../../components/load-error-alert";

interface DayReceptionsProps {
  day: DayReceptionsState;
  date: string;
  isToday: boolean;
  selectedId: string | undefined;
  arrivals: ReadonlySet<string>;
  onSelect: (id: string | undefined) => void;
}

/**
 * The day's list, under the 持ち越し from earlier days when there are any, or why it could not load;
 * and a note when the server sent only the newest of the day's receptions.
 */
export function DayReceptions({ day, date, isToday, selectedId, arrivals, onSelect }: DayReceptionsProps) {
  const { data, visibleCarried } = day;
  // a household's others are counted whatever the filter shows (docs/rules.md#family)
  const everyone = [...day.carried, ...day.receptions];
  return (
    <>
      {day.error ? (
        <LoadErrorAlert
          title="受付一覧を読み込めませんでした"
          error={day.error}
          onRetry={() => void day.refetch()}
          retrying={day.isFetching}
        />
      ) : (
        <>
          {visibleCarried.length > 0 && (
            <section aria-labelledby="carried-title" className={styles.carried} data-testid="carried">
              <Flex align="baseline" gap={12} wrap className={styles.sectionHead}>
                <Typography.Title level={2} id="carried-title" className={styles.sectionTitle}>
                  {`持ち越し ${day.carried.length}件`}
                </Typography.Title>
                <Typography.Text type="secondary">
                  前日までの受付で、まだ完了していないもの・本日お渡しのもの
                </Typography.Text>
              </Flex>
              <ReceptionTable
                receptions={visibleCarried}
                listDate={date}
                loading={false}
                selectedId={selectedId}
                arrivals={arrivals}
                emptyText="該当する受付はありません"
                onSelect={onSelect}
                dayReceptions={everyone}
              />
            </section>
          )}
          <section aria-labelledby={visibleCarried.length > 0 ? "day-title" : undefined} data-testid="day-receptions">
            {visibleCarried.length > 0 && (
              <Typography.Title level={2} id="day-title" className={`${styles.sectionTitle} ${styles.sectionHead}`}>
                {`本日分 ${day.receptions.length}件`}
              </Typography.Title>
            )}
            <ReceptionTable
              receptions={day.visible}
              listDate={date}
              loading={day.isLoading}
              selectedId={selectedId}
              arrivals={arrivals}
              dayReceptions={everyone}
              emptyText={
                !data
                  ? "読み込み中"
                  : day.narrowed
                    ? "該当する受付はありません"
                    : isToday
                      ? "本日の受付はまだありません"
                      : "この日の受付はありません"
              }
              onSelect={onSelect}
            />
          </section>
        </>
      )}
      {data && data.total > data.receptions.length && (
        <Typography.Text type="secondary">
          {`この日の受付 ${data.total}件のうち、新しい${data.receptions.length}件を表示しています。`}
        </Typography.Text>
      )}
    </>
  );
}
