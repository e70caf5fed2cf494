import { DownloadOutlined } from "@ant-design/icons";
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { Alert, App, Button, Card, DatePicker, Flex, Skeleton, Spin, Typography } from "antd";
import { lazy, Suspense } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { saveBlob } from "../../../lib/files/save-blob";
import { dayjs } from "../../../lib/dates/dayjs";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import { useDownloadReportCsvMutation, useGetDailyReportQuery } from "../api";
import { lastMonth, rangeOfSearch, thisMonth, thisWeek, type ReportRange } from "../report-range";
import { ReportSummaryCards } from "./report-summary-cards";
import { ReportTable } from "./report-table";
import styles from "./reports-page.module.css";
import { LoadErrorAlert } from "../../../components/load-error-alert";

// The chart library is loaded by this page alone, after the figures: never in the app's first load.
const ReportCharts = lazy(() => import("./report-charts").then((module) => ({ default: module.ReportCharts })));

interface ReportsPageProps {
  search: { from?: string | undefined; to?: string | undefined };
  onRangeChange: (range: ReportRange) => void;
}

/** レポート (staff, admin): receptions, their mix and the patients' wait over a chosen period. */
export function ReportsPage(props: ReportsPageProps) {
  return (
    <App component={false}>
      <ReportsScreen {...props} />
    </App>
  );
}

function ReportsScreen({ search, onRangeChange }: ReportsPageProps) {
  useDocumentTitle("レポート");
  const today = businessDateOf();
  const { range, refusal } = rangeOfSearch(search, today);
  const { data, error, isFetching, refetch } = useGetDailyReportQuery(range);
  const [downloadCsv, { isLoading: downloading }] = useDownloadReportCsvMutation();
  const { message } = App.useApp();
  const presets = [
    { label: "今週", value: thisWeek(today) },
    { label: "今月", value: thisMonth(today) },
    { label: "先月", value: lastMonth(today) },
  ].map(({ label, value }) => ({ label, value: [dayjs(value.from), dayjs(value.to)] as [dayjs.Dayjs, dayjs.Dayjs] }));

  async function download() {
    let blob;
    try {
      blob = await downloadCsv(range).unwrap();
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
      return;
    }
    saveBlob(blob, `reports-${range.from}_${range.to}.csv`);
  }

  const shown = data && !isFetching ? data : undefined;

  return (
    <Flex vertical gap={16}>
      <Card styles={{ body: { padding: "16px 20px" } }}>
        <Flex gap={16} wrap align="end" justify="space-between">
          <div>
            <Typography.Title level={1} className={styles.title}>
              レポート
            </Typography.Title>
            <Typography.Text type="secondary">
              受付の件数と内訳、受付確定から完了までの待ち時間を、期間を選んで確認できます。
            </Typography.Text>
          </div>
          <Flex gap={12} wrap align="end">
            <label className={styles.filter}>
              <span className={styles.filterLabel}>期間</span>
              <DatePicker.RangePicker
                allowClear={false}
                presets={presets}
                value={[dayjs(range.from), dayjs(range.to)]}
                disabledDate={(date) => date.format("YYYY-MM-DD") > today}
                onChange={(picked) => {
                  if (!picked?.[0] || !picked[1]) return;
                  onRangeChange({ from: picked[0].format("YYYY-MM-DD"), to: picked[1].format("YYYY-MM-DD") });
                }}
              />
            </label>
            <Button icon={<DownloadOutlined aria-hidden />} loading={downloading} onClick={() => void download()}>
              CSVダウンロード
            </Button>
          </Flex>
        </Flex>
      </Card>
      {refusal && (
        <Alert
          type="warning"
          showIcon
          title={`指定された期間は表示できないため、今月を表示しています（${refusal}）。`}
        />
      )}
      {error ? (
        <LoadErrorAlert title="レポートを読み込めませんでした" error={error} onRetry={() => void refetch()} />
      ) : shown ? (
        <>
          <ReportSummaryCards report={shown} />
          <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
            <ReportCharts report={shown} />
          </Suspense>
          <ReportTable days={shown.days} />
        </>
      ) : (
        <Flex justify="center" className={styles.loading}>
          <Spin size="large" description="レポートを読み込んでいます" />
        </Flex>
      )}
    </Flex>
  );
}
