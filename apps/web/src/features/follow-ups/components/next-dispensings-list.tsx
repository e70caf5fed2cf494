import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import {
  closedDaysLabel,
  NEXT_DISPENSING_KIND_LABELS,
  NEXT_DISPENSINGS_DEFAULT_DAYS,
  REMINDER_STATUS_LABELS,
  windowLabel,
  type NextDispensing,
} from "@pharmacy/contract/follow-ups/next-dispensing";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { Table, Tag, Typography, type TableColumnsType } from "antd";
import { formatMonthDay } from "@pharmacy/contract/calendar/date-labels";
import { useGetNextDispensingsQuery } from "../api";
import { REMINDER_STATUS_COLORS } from "../labels";
import styles from "./follow-ups.module.css";
import { LoadErrorAlert } from "../../../components/load-error-alert";

function kindText(row: NextDispensing): string {
  if (row.kind === "refill")
    return row.totalUses ? `リフィル（全${row.totalUses}回）` : NEXT_DISPENSING_KIND_LABELS.refill;
  return row.part
    ? `分割調剤（次は${row.part.total}回中${row.part.current + 1}回目）`
    : NEXT_DISPENSING_KIND_LABELS.split;
}

/** The refill and split prescriptions whose next dispensing falls in the coming days (GET /api/next_dispensings). */
export function NextDispensingsList({
  today,
  onOpenReception,
}: {
  today: string;
  onOpenReception: (reception: Pick<Reception, "id" | "receptionDate">) => void;
}) {
  const { data, error, isLoading } = useGetNextDispensingsQuery({});
  if (error) return <LoadErrorAlert title="次回調剤の予定を読み込めませんでした" error={error} />;

  const columns: TableColumnsType<NextDispensing> = [
    {
      key: "window",
      title: "次回の調剤",
      render: (_value, row) => {
        const closed = closedDaysLabel(row, row.closedDays, today);
        return (
          <>
            <span className={row.from <= today ? styles.windowOpen : undefined} data-testid="next-dispensing-window">
              {windowLabel(row, today)}
            </span>
            {closed && (
              <div>
                <Tag color="orange" className={styles.closedDays} data-testid="next-dispensing-closed">
                  {closed}
                </Tag>
              </div>
            )}
          </>
        );
      },
    },
    {
      key: "patient",
      title: "患者さま",
      render: (_value, row) =>
        row.patientName ? (
          <span data-testid="next-dispensing-patient">
            {row.patientName}
            {row.patientNameFromCode && (
              <Tag color="blue" className={styles.fromCode} title="処方箋のQRコードから読み取り">
                QR読取
              </Tag>
            )}
          </span>
        ) : (
          "お名前未登録"
        ),
    },
    { key: "kind", title: "処方箋", render: (_value, row) => kindText(row) },
    { key: "institution", title: "医療機関", render: (_value, row) => row.institutionName || "—" },
    {
      key: "reception",
      title: "前回の受付",
      render: (_value, row) =>
        `${formatMonthDay(row.receptionDate, today)} ${formatReceptionNumber(row.receptionNumber, row.partitionNumber)}番`,
    },
    {
      key: "reminder",
      title: "お知らせ",
      render: (_value, row) => (
        <Tag color={REMINDER_STATUS_COLORS[row.reminder.status]}>
          {row.reminder.status === "scheduled"
            ? `${formatMonthDay(row.reminder.remindOn, today)}に送信`
            : REMINDER_STATUS_LABELS[row.reminder.status]}
        </Tag>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">
        {`リフィル・分割調剤の処方箋で、今日から${NEXT_DISPENSINGS_DEFAULT_DAYS}日以内に次回の調剤期間に入るもの。同意のある患者さまには、期間の3日前にWeb受付のリンクをお知らせします。行を押すと受付を開きます。`}
      </Typography.Paragraph>
      <Table<NextDispensing>
        rowKey={(row) => row.prescriptionId}
        columns={columns}
        dataSource={data?.nextDispensings}
        loading={isLoading}
        pagination={false}
        size="middle"
        // antd greys a plain empty text below 4.5:1; the secondary text colour keeps it readable
        locale={{ emptyText: <Typography.Text type="secondary">次回調剤の予定はありません</Typography.Text> }}
        onRow={(row) => ({
          onClick: () => onOpenReception({ id: row.receptionId, receptionDate: row.receptionDate }),
          className: styles.clickableRow,
        })}
      />
    </>
  );
}
