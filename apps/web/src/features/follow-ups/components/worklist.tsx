import { RightOutlined } from "@ant-design/icons";
import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import {
  FOLLOW_UP_CHANNEL_LABELS,
  FOLLOW_UP_FLAG_LABELS,
  FOLLOW_UP_STATUS_LABELS,
  type FollowUpDetail,
} from "@pharmacy/contract/follow-ups/follow-ups";
import { followUpAnswerText } from "@pharmacy/contract/follow-ups/follow-up-templates";
import { Empty, Flex, Spin, Tag, Typography } from "antd";
import { formatMonthDay } from "@pharmacy/contract/calendar/date-labels";
import { FOLLOW_UP_FLAG_COLORS, FOLLOW_UP_STATUS_COLORS } from "../labels";
import { medicineNamesOf } from "../plan-defaults";
import { patientNameOf } from "../patient";
import { WORKLIST_GROUP_TITLES, worklistGroups } from "../worklist";
import styles from "./follow-ups.module.css";

interface WorklistProps {
  followUps: readonly FollowUpDetail[] | undefined;
  today: string;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}

/** Today's rows in their groups (要対応 → 回答あり → 送信済み・予定 → 対応済み), each a large button opening it. */
export function Worklist({ followUps, today, selectedId, onSelect }: WorklistProps) {
  if (!followUps) {
    return (
      <Flex justify="center" className={styles.loading}>
        <Spin description="読み込み中" />
      </Flex>
    );
  }
  if (followUps.length === 0) return <Empty description="本日対応するフォローアップはありません" />;
  return (
    <Flex vertical gap={20}>
      {worklistGroups(followUps).map(({ group, rows }) => (
        <section key={group} aria-labelledby={`worklist-${group}`} data-testid={`worklist-${group}`}>
          <Typography.Title
            level={2}
            id={`worklist-${group}`}
            className={`${styles.groupTitle} ${group === "attention" ? styles.attentionTitle : ""}`}
          >
            {`${WORKLIST_GROUP_TITLES[group]} ${rows.length}件`}
          </Typography.Title>
          <ul className={styles.rows}>
            {rows.map((followUp) => (
              <li key={followUp.id}>
                <button
                  type="button"
                  className={`${styles.row} ${followUp.id === selectedId ? styles.selectedRow : ""} ${followUp.flags.length > 0 && followUp.status !== "closed" ? styles.alertRow : ""}`}
                  onClick={() => onSelect(followUp.id)}
                  data-testid="worklist-row"
                >
                  <Flex vertical gap={4} className={styles.rowMain}>
                    <Flex align="center" gap={8} wrap>
                      <span className={styles.rowName}>{patientNameOf(followUp.reception)}</span>
                      {followUp.status !== "closed" &&
                        followUp.flags.map((flag) => (
                          <Tag key={flag} color={FOLLOW_UP_FLAG_COLORS[flag]} className={styles.flagTag}>
                            {FOLLOW_UP_FLAG_LABELS[flag]}
                          </Tag>
                        ))}
                    </Flex>
                    <span className={styles.rowSub}>
                      {[
                        `受付 ${formatMonthDay(followUp.reception.receptionDate)} ${formatReceptionNumber(followUp.reception.receptionNumber, followUp.reception.partitionNumber)}番`,
                        followUp.templateName,
                        FOLLOW_UP_CHANNEL_LABELS[followUp.channel],
                        followUp.dueOn < today ? `${formatMonthDay(followUp.dueOn)}から` : undefined,
                      ]
                        .filter(Boolean)
                        .join("・")}
                    </span>
                    <RowSummary followUp={followUp} />
                  </Flex>
                  <Tag color={FOLLOW_UP_STATUS_COLORS[followUp.status]} className={styles.statusTag}>
                    {FOLLOW_UP_STATUS_LABELS[followUp.status]}
                  </Tag>
                  <RightOutlined aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Flex>
  );
}

/** What the pharmacist reads before opening: the medicines, and the answers that raised the alert. */
function RowSummary({ followUp }: { followUp: FollowUpDetail }) {
  const medicines = medicineNamesOf(followUp.reception);
  const alerts = followUp.questions
    .filter((question) => followUp.alertKeys.includes(question.key) && !question.callRequest)
    .map((question) => followUpAnswerText(question, followUp.answers?.[question.key]));
  return (
    <>
      {medicines.length > 0 && (
        <span className={styles.rowSub}>
          {medicines.length > 2
            ? `${medicines.slice(0, 2).join("、")} ほか${medicines.length - 2}剤`
            : medicines.join("、")}
        </span>
      )}
      {followUp.status !== "closed" && alerts.length > 0 && (
        <span className={styles.rowAlert}>{`要注意の回答：${alerts.join(" / ")}`}</span>
      )}
    </>
  );
}
