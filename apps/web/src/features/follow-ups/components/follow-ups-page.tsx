import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { App, Card, Flex, Tabs, Typography } from "antd";
import type { ReactNode } from "react";
import { formatFullDate } from "@pharmacy/contract/calendar/date-labels";
import { useBusinessToday } from "../../../lib/dates/use-business-today";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import { useGetFollowUpsQuery } from "../api";
import { FollowUpDetailDrawer } from "./follow-up-detail";
import { NextDispensingsList } from "./next-dispensings-list";
import { Worklist } from "./worklist";
import styles from "./follow-ups.module.css";
import { LoadErrorAlert } from "../../../components/load-error-alert";

export type FollowUpsTab = "today" | "next";

export interface FollowUpsSearch {
  followUpId?: string;
  tab: FollowUpsTab;
}

interface FollowUpsPageProps {
  search: FollowUpsSearch;
  onSearchChange: (search: Partial<FollowUpsSearch>) => void;
  /** The reception's prescription data as the main screen shows it (from the receptions feature). */
  renderPrescriptions: (reception: Reception, today: string) => ReactNode;
  /** Opens a reception on the main screen. */
  onOpenReception: (reception: Pick<Reception, "id" | "receptionDate">) => void;
}

/** /follow-ups: today's 服薬フォローアップ worklist, alerts first, and the coming refill and split dispensings. */
export function FollowUpsPage(props: FollowUpsPageProps) {
  return (
    <App component={false}>
      <FollowUpsScreen {...props} />
    </App>
  );
}

function FollowUpsScreen({ search, onSearchChange, renderPrescriptions, onOpenReception }: FollowUpsPageProps) {
  useDocumentTitle("フォローアップ");
  const today = useBusinessToday();
  const list = useGetFollowUpsQuery({ date: today });
  const open = (list.data?.followUps ?? []).filter((followUp) => followUp.status !== "closed");
  const attention = open.filter((followUp) => followUp.flags.length > 0).length;

  return (
    <Flex vertical gap={16}>
      <Card styles={{ body: { padding: "16px 20px" } }}>
        <Flex align="center" justify="space-between" gap={16} wrap>
          <Flex vertical gap={2}>
            <Typography.Title level={1} className={styles.pageTitle}>
              フォローアップ
            </Typography.Title>
            <Typography.Text className={styles.pageDate}>{formatFullDate(today)}</Typography.Text>
          </Flex>
          {list.data && (
            <Flex gap={16} align="baseline" data-testid="follow-up-counts">
              <span className={styles.count}>
                本日の対応 <strong>{open.length}</strong>件
              </span>
              {attention > 0 && (
                <span className={`${styles.count} ${styles.attentionCount}`}>
                  要対応 <strong>{attention}</strong>件
                </span>
              )}
            </Flex>
          )}
        </Flex>
      </Card>
      <Tabs
        activeKey={search.tab}
        onChange={(tab) => onSearchChange({ tab: tab as FollowUpsTab })}
        size="large"
        items={[
          {
            key: "today",
            label: "本日のフォローアップ",
            children: list.error ? (
              <LoadErrorAlert
                title="フォローアップを読み込めませんでした"
                error={list.error}
                onRetry={() => void list.refetch()}
              />
            ) : (
              <Worklist
                followUps={list.data?.followUps}
                today={today}
                selectedId={search.followUpId}
                onSelect={(followUpId) => onSearchChange({ followUpId })}
              />
            ),
          },
          {
            key: "next",
            label: "次回調剤の予定",
            children: <NextDispensingsList today={today} onOpenReception={onOpenReception} />,
          },
        ]}
      />
      <FollowUpDetailDrawer
        followUpId={search.followUpId}
        today={today}
        onClose={() => onSearchChange({ followUpId: undefined })}
        renderPrescriptions={renderPrescriptions}
        onOpenReception={onOpenReception}
      />
    </Flex>
  );
}
