import { SearchOutlined } from "@ant-design/icons";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { Alert, App, Flex, Input } from "antd";
import { useCallback, type ReactNode } from "react";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import { CounterFlow } from "../counter/counter-flow";
import { DatesDrawer } from "./dates-drawer";
import { DayReceptions } from "./day-receptions";
import { ReceptionDetail } from "./reception-detail";
import { ReceptionsToolbar } from "./receptions-toolbar";
import { SetupSteps } from "./setup-steps";
import { StatusFilterTabs } from "./status-filter-tabs";
import { useCounterReception } from "./use-counter-reception";
import { useDayReceptions } from "./use-day-receptions";
import { useListLocation } from "./use-list-location";
import { useWebArrivals } from "./use-web-arrivals";
import styles from "./receptions-page.module.css";

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
  const location = useListLocation();
  const { date, today, isToday, showReception } = location;
  const title = isToday ? "本日の受付" : "受付一覧";
  useDocumentTitle(title);
  const day = useDayReceptions(date);
  const { arrivals, markSeen } = useWebArrivals(date);
  const counter = useCounterReception();

  // Opening a reception takes its arrival highlight off.
  const select = useCallback(
    (id: string | undefined) => {
      if (id) markSeen(id);
      showReception(id);
    },
    [markSeen, showReception],
  );

  return (
    <Flex vertical gap={16}>
      <SetupSteps />
      <ReceptionsToolbar
        title={title}
        date={date}
        today={today}
        isToday={isToday}
        todayActions={todayActions}
        onSelect={select}
        onShowToday={() => location.showDay(undefined)}
        onOpenDates={location.openDates}
        creating={counter.creating}
        onStartCounter={() => void counter.start()}
      />

      <Input
        allowClear
        value={day.query}
        onChange={(event) => day.setQuery(event.target.value)}
        prefix={<SearchOutlined aria-hidden />}
        placeholder="受付番号・お名前・電話番号で探す"
        aria-label="受付を探す"
        className={styles.search}
      />
      <StatusFilterTabs value={day.filter} onChange={day.setFilter} counts={day.data && day.counts} />

      {location.dateNotice && (
        <Alert
          type="info"
          showIcon
          title={location.dateNotice}
          closable={{ "aria-label": "閉じる" }}
          onClose={location.dismissDateNotice}
        />
      )}

      <DayReceptions
        day={day}
        date={date}
        isToday={isToday}
        selectedId={location.receptionId}
        arrivals={arrivals}
        onSelect={select}
      />

      <ReceptionDetail receptionId={location.receptionId} listDate={date} onSelect={select} extra={detailExtra} />
      <DatesDrawer
        open={location.showDates}
        currentDate={date}
        today={today}
        onSelectDate={location.showDay}
        onClose={location.closeDates}
      />
      {counter.counterReception && <CounterFlow reception={counter.counterReception} onFinished={counter.finish} />}
    </Flex>
  );
}
