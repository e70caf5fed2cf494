import { CalendarOutlined, PlusOutlined, RollbackOutlined, SearchOutlined } from "@ant-design/icons";
import { formatReceptionNumber } from "@pharmacy/contract/formats";
import type { Reception } from "@pharmacy/contract/receptions";
import { getRouteApi } from "@tanstack/react-router";
import { Alert, App, Button, Card, Flex, Input, Segmented, Tag, Typography } from "antd";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import { useAppSelector } from "../../../lib/store-hooks";
import { apiErrorMessage } from "../../../lib/api-error";
import type { LiveEvent } from "../../../lib/live/live-connection";
import { useLiveEvents } from "../../../lib/live/use-live";
import { selectWsSessionId } from "../../../lib/session";
import { useGetAppSettingsQuery, useGetBusinessHoursQuery } from "../../../lib/settings-api";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useCreateReceptionMutation, useGetReceptionsQuery } from "../api";
import { CounterFlow } from "../counter/counter-flow";
import { formatFullDate } from "@pharmacy/contract/date-labels";
import { useBusinessToday } from "../../../lib/use-business-today";
import { listStatusOf, SHOWN_STATUS_LABELS, type ShownStatus } from "../labels";
import { listDateOf } from "../list-search";
import { isOwnEvent, isReceptionEvent } from "../reception-list";
import { matchesReceptionSearch } from "../reception-search";
import { playArrivalChime } from "../arrival-chime";
import { DatesDrawer } from "./dates-drawer";
import { LiveIndicator } from "./live-indicator";
import { Pickups } from "./pickups-drawer";
import { ReceptionDetail } from "./reception-detail";
import { ReceptionTable } from "./reception-table";
import { SetupSteps } from "./setup-steps";
import styles from "./receptions-page.module.css";

const routeApi = getRouteApi("/_authenticated/");

type StatusFilter = "all" | ShownStatus;
const FILTERS: StatusFilter[] = ["all", "none", "Reviewing", "Dispensing", "Completed", "handedOver"];

interface ReceptionsPageProps {
  /** Other features' buttons beside today's (「フォローアップ n件」). */
  todayActions?: ReactNode;
  /** What another feature adds to a reception's detail (its follow-ups). */
  detailExtra?: (reception: Reception) => ReactNode;
}

/** The main screen: the day's receptions (live), their detail, past days, and the counter reception. */
export function ReceptionsPage(props: ReceptionsPageProps) {
  return (
    // antd's App gives the notification and confirm hooks the theme and locale of the ConfigProvider.
    // Notifications start below the sticky header, so they never cover its buttons.
    <App component={false} notification={{ top: 80 }}>
      <ReceptionsScreen {...props} />
    </App>
  );
}

function ReceptionsScreen({ todayActions, detailExtra }: ReceptionsPageProps) {
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const today = useBusinessToday();
  const { date, notice: dateNotice } = listDateOf(search.date, today);
  const isToday = date === today;
  const title = isToday ? "本日の受付" : "受付一覧";
  useDocumentTitle(title);

  const { notification, message } = App.useApp();
  const ownSessionId = useAppSelector(selectWsSessionId);
  const { data, error, isLoading, isFetching, refetch } = useGetReceptionsQuery({ date });
  // Loaded ahead, so the counter flow opens without waiting.
  useGetAppSettingsQuery();
  useGetBusinessHoursQuery();
  const [createReception, { isLoading: creating }] = useCreateReceptionMutation();
  const [counterReception, setCounterReception] = useState<Reception | null>(null);
  const [filter, setFilter] = useState<StatusFilter>("all");
  const [pickupsOpen, setPickupsOpen] = useState(false);
  // Web receptions that arrived live and nobody opened yet: highlighted in the list.
  const [arrivals, setArrivals] = useState<ReadonlySet<string>>(() => new Set());

  const receptions = useMemo(() => data?.receptions ?? [], [data]);
  // 持ち越し (SPEC §11): earlier days' receptions carried onto today, counted and searched with today's.
  const carried = useMemo(() => data?.carried ?? [], [data]);
  const counts = useMemo(() => {
    const all = [...carried, ...receptions];
    const result: Record<StatusFilter, number> = {
      all: all.length,
      none: 0,
      Reviewing: 0,
      Dispensing: 0,
      Completed: 0,
      handedOver: 0,
    };
    for (const reception of all) {
      const key = listStatusOf(reception);
      // 受付中 (not confirmed yet) is in the list but in no status count.
      if (key !== "inProgress") result[key] += 1;
    }
    return result;
  }, [receptions, carried]);
  const [query, setQuery] = useState("");
  const [visible, visibleCarried] = useMemo(() => {
    const shown = (reception: Reception) =>
      (filter === "all" || listStatusOf(reception) === filter) && matchesReceptionSearch(reception, query);
    return [receptions.filter(shown), carried.filter(shown)];
  }, [receptions, carried, filter, query]);

  const handleLiveEvent = useCallback(
    (event: LiveEvent) => {
      if (!isReceptionEvent(event)) return;
      const { reception } = event;
      if (event.type !== "reception.created" || reception.channel !== "Web" || reception.receptionDate !== date) return;
      if (isOwnEvent(event, ownSessionId)) return;
      setArrivals((previous) => new Set(previous).add(reception.id));
      notification.info({
        key: `arrival-${reception.id}`,
        title: "Web受付が届きました",
        description: `受付番号 ${formatReceptionNumber(reception.receptionNumber, reception.partitionNumber)}`,
        placement: "topRight",
        duration: 8,
      });
      playArrivalChime();
    },
    [date, notification, ownSessionId],
  );
  useLiveEvents(handleLiveEvent);

  const select = useCallback(
    (id: string | undefined) => {
      if (id) {
        setArrivals((previous) => {
          if (!previous.has(id)) return previous;
          const next = new Set(previous);
          next.delete(id);
          return next;
        });
      }
      void navigate({ search: (previous) => ({ ...previous, receptionId: id }) });
    },
    [navigate],
  );

  const showDay = (day: string | undefined) =>
    void navigate({
      search: (previous) => ({
        ...previous,
        date: day === today ? undefined : day,
        showDates: false,
        receptionId: undefined,
      }),
    });

  async function startCounterReception() {
    try {
      setCounterReception(await createReception().unwrap());
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
    }
  }

  return (
    <Flex vertical gap={16}>
      <SetupSteps />
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
                onSelect={select}
              />
            )}
            {!isToday && (
              <Button icon={<RollbackOutlined aria-hidden />} onClick={() => showDay(undefined)}>
                本日に戻る
              </Button>
            )}
            <Button
              icon={<CalendarOutlined aria-hidden />}
              onClick={() => void navigate({ search: (previous) => ({ ...previous, showDates: true }) })}
            >
              日付を選ぶ
            </Button>
            {isToday && (
              <Button
                type="primary"
                size="large"
                icon={<PlusOutlined aria-hidden />}
                className={styles.startButton}
                loading={creating}
                onClick={() => void startCounterReception()}
              >
                受付する
              </Button>
            )}
          </Flex>
        </Flex>
      </Card>

      <Input
        allowClear
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        prefix={<SearchOutlined aria-hidden />}
        placeholder="受付番号・お名前・電話番号で探す"
        aria-label="受付を探す"
        className={styles.search}
      />

      <Segmented<StatusFilter>
        block
        size="large"
        className={styles.filter}
        value={filter}
        onChange={setFilter}
        aria-label="ステータスで絞り込み"
        options={FILTERS.map((value) => ({
          value,
          label: (
            <span className={styles.filterLabel}>
              {value === "all" ? "すべて" : SHOWN_STATUS_LABELS[value]}
              {/* No count until the day has loaded: a 0 would say the day is empty. */}
              {data && <span className={styles.filterCount}>{counts[value]}</span>}
            </span>
          ),
        }))}
      />

      {dateNotice && (
        <Alert
          type="info"
          showIcon
          title={dateNotice}
          closable={{ "aria-label": "閉じる" }}
          onClose={() => void navigate({ search: (previous) => ({ ...previous, date: undefined }) })}
        />
      )}

      {error ? (
        <Alert
          type="error"
          showIcon
          title="受付一覧を読み込めませんでした"
          description={apiErrorMessage(error)}
          action={
            <Button onClick={() => void refetch()} loading={isFetching}>
              再読み込み
            </Button>
          }
        />
      ) : (
        <>
          {visibleCarried.length > 0 && (
            <section aria-labelledby="carried-title" className={styles.carried} data-testid="carried">
              <Flex align="baseline" gap={12} wrap className={styles.sectionHead}>
                <Typography.Title level={2} id="carried-title" className={styles.sectionTitle}>
                  {`持ち越し ${carried.length}件`}
                </Typography.Title>
                <Typography.Text type="secondary">
                  前日までの受付で、まだ完了していないもの・本日お渡しのもの
                </Typography.Text>
              </Flex>
              <ReceptionTable
                receptions={visibleCarried}
                listDate={date}
                loading={false}
                selectedId={search.receptionId}
                arrivals={arrivals}
                emptyText="該当する受付はありません"
                onSelect={select}
              />
            </section>
          )}
          <section aria-labelledby={visibleCarried.length > 0 ? "day-title" : undefined} data-testid="day-receptions">
            {visibleCarried.length > 0 && (
              <Typography.Title level={2} id="day-title" className={`${styles.sectionTitle} ${styles.sectionHead}`}>
                {`本日分 ${receptions.length}件`}
              </Typography.Title>
            )}
            <ReceptionTable
              receptions={visible}
              listDate={date}
              loading={isLoading}
              selectedId={search.receptionId}
              arrivals={arrivals}
              emptyText={
                !data
                  ? "読み込み中"
                  : filter !== "all" || query.trim()
                    ? "該当する受付はありません"
                    : isToday
                      ? "本日の受付はまだありません"
                      : "この日の受付はありません"
              }
              onSelect={select}
            />
          </section>
        </>
      )}
      {data && data.total > data.receptions.length && (
        <Typography.Text type="secondary">
          {`この日の受付 ${data.total}件のうち、新しい${data.receptions.length}件を表示しています。`}
        </Typography.Text>
      )}

      <ReceptionDetail receptionId={search.receptionId} listDate={date} onSelect={select} extra={detailExtra} />
      <DatesDrawer
        open={search.showDates}
        currentDate={date}
        today={today}
        onSelectDate={showDay}
        onClose={() => void navigate({ search: (previous) => ({ ...previous, showDates: false }) })}
      />
      {counterReception && <CounterFlow reception={counterReception} onFinished={() => setCounterReception(null)} />}
    </Flex>
  );
}
