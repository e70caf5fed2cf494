import { CalendarOutlined } from "@ant-design/icons";
import {
  FOLLOW_UP_CHANNEL_LABELS,
  FOLLOW_UP_QUICK_DAYS,
  FOLLOW_UP_STATUS_LABELS,
} from "@pharmacy/contract/follow-ups/follow-ups";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { Link } from "@tanstack/react-router";
import { Button, Flex, Spin, Tag, Typography } from "antd";
import { useState } from "react";
import { formatMonthDay } from "@pharmacy/contract/calendar/date-labels";
import { useBusinessToday } from "../../../lib/dates/use-business-today";
import { useGetCareContactQuery, useGetFollowUpTemplatesQuery, useGetReceptionFollowUpsQuery } from "../api";
import { FOLLOW_UP_STATUS_COLORS } from "../labels";
import { ContactLine } from "./contact-line";
import { PlanFollowUpDialog } from "./plan-follow-up-dialog";
import type { PlanWhen } from "./use-plan-follow-up";
import styles from "./follow-ups.module.css";
import { LoadErrorAlert } from "../../../components/load-error-alert";

/**
 * The reception's 服薬フォローアップ in its detail panel, shown once the medicine is ready: the follow-ups
 * planned on it and the quick choices 3日後 / 7日後 / 14日後 / 30日後 that open the planning dialog with
 * everything chosen (one more tap plans it).
 */
export function ReceptionFollowUps({ reception }: { reception: Reception }) {
  const today = useBusinessToday();
  const followUps = useGetReceptionFollowUpsQuery(reception.id);
  const contact = useGetCareContactQuery(reception.id);
  const templates = useGetFollowUpTemplatesQuery();
  const [planning, setPlanning] = useState<PlanWhen | null>(null);
  const error = followUps.error ?? contact.error ?? templates.error;

  return (
    <section aria-labelledby="detail-follow-ups" className={styles.receptionPanel} data-testid="reception-follow-ups">
      <Typography.Title level={2} id="detail-follow-ups" className={styles.panelHeading}>
        服薬フォローアップ
      </Typography.Title>
      {error ? (
        <LoadErrorAlert title="フォローアップを読み込めませんでした" error={error} />
      ) : !followUps.data || !contact.data || !templates.data ? (
        <Spin size="small" description="読み込み中" />
      ) : (
        <Flex vertical gap={12}>
          {followUps.data.followUps.length > 0 && (
            <ul className={styles.plannedList} aria-label="予定したフォローアップ">
              {followUps.data.followUps.map((followUp) => (
                <li key={followUp.id} className={styles.plannedItem}>
                  <CalendarOutlined aria-hidden />
                  <span className={styles.plannedDate}>{formatMonthDay(followUp.dueOn)}</span>
                  <span>{`${followUp.templateName}・${FOLLOW_UP_CHANNEL_LABELS[followUp.channel]}`}</span>
                  <Tag color={FOLLOW_UP_STATUS_COLORS[followUp.status]}>{FOLLOW_UP_STATUS_LABELS[followUp.status]}</Tag>
                  <Link to="/follow-ups" search={{ followUpId: followUp.id }} className={styles.plannedLink}>
                    開く
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Flex align="center" gap={8} wrap>
            <Typography.Text strong>体調確認を予定：</Typography.Text>
            {FOLLOW_UP_QUICK_DAYS.map((days) => (
              <Button
                key={days}
                size="large"
                type={days === 7 ? "primary" : "default"}
                onClick={() => setPlanning(days)}
              >
                {`${days}日後`}
              </Button>
            ))}
            <Button size="large" onClick={() => setPlanning("date")}>
              日付を指定
            </Button>
          </Flex>
          <ContactLine contact={contact.data.contact} />
          {planning !== null && (
            <PlanFollowUpDialog
              reception={reception}
              templates={templates.data.templates}
              contact={contact.data.contact}
              today={today}
              initialWhen={planning}
              onClose={() => setPlanning(null)}
            />
          )}
        </Flex>
      )}
    </section>
  );
}
