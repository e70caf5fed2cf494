import type { ReceptionStatus } from "@pharmacy/contract/shared/enums";
import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import type { HistoryEntry } from "@pharmacy/contract/receptions/receptions";
import { Alert, Skeleton, Timeline, Typography } from "antd";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { useGetReceptionHistoryQuery } from "../api";
import { formatBusinessDateTime } from "@pharmacy/contract/calendar/date-labels";
import { HISTORY_ACTION_LABELS, STATUS_LABELS, statusKey } from "../labels";

function field(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

function statusText(value: unknown): string {
  return STATUS_LABELS[statusKey((value as ReceptionStatus | null | undefined) ?? null)] ?? "";
}

/** The line under an action name: what changed, where the entry says so. */
function entryDetail(entry: HistoryEntry, receptionNumber: number): string | undefined {
  switch (entry.action) {
    case "status_changed":
      return `${statusText(field(entry.before, "status"))} → ${statusText(field(entry.after, "status"))}`;
    case "split": {
      const partition = field(entry.after, "partitionNumber");
      return typeof partition === "number" ? `${formatReceptionNumber(receptionNumber, partition)} へ` : undefined;
    }
    default:
      return undefined;
  }
}

/** The audit trail of a reception: what was done, by whom, when (Asia/Tokyo). */
export function ReceptionHistory({ receptionId, receptionNumber }: { receptionId: string; receptionNumber: number }) {
  const { data, error, isLoading } = useGetReceptionHistoryQuery(receptionId);
  if (isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (error) return <Alert type="warning" showIcon title={apiErrorMessage(error)} />;
  const history = data?.history ?? [];
  if (history.length === 0) return <Typography.Text type="secondary">履歴はありません。</Typography.Text>;
  return (
    <Timeline
      items={history.map((entry) => {
        const detail = entryDetail(entry, receptionNumber);
        return {
          key: entry.id,
          color: entry.action === "deleted" ? "red" : entry.action === "created" ? "green" : "blue",
          content: (
            <div>
              <Typography.Text strong>{HISTORY_ACTION_LABELS[entry.action]}</Typography.Text>
              {detail && <Typography.Text>{`（${detail}）`}</Typography.Text>}
              <div>
                <Typography.Text type="secondary">
                  {formatBusinessDateTime(entry.at)}
                  {entry.actor && ` ・ ${entry.actor}`}
                </Typography.Text>
              </div>
            </div>
          ),
        };
      })}
    />
  );
}
