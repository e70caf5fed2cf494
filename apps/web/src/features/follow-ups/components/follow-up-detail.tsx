import { CheckOutlined, FileTextOutlined, PhoneOutlined } from "@ant-design/icons";
import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import { formatPhoneNumber } from "@pharmacy/contract/shared/phone-number";
import {
  FOLLOW_UP_CHANNEL_LABELS,
  FOLLOW_UP_FLAG_LABELS,
  FOLLOW_UP_NOTE_MAX,
  FOLLOW_UP_STATUS_LABELS,
  type FollowUpDetail,
} from "@pharmacy/contract/follow-ups/follow-ups";
import { followUpAnswerText } from "@pharmacy/contract/follow-ups/follow-up-templates";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { Alert, App, Button, Descriptions, Drawer, Flex, Input, Spin, Tag, Typography } from "antd";
import { useState, type ReactNode } from "react";
import { apiErrorMessage, apiErrorStatus } from "../../../lib/api/api-error";
import { formatBusinessDateTime, formatMonthDay } from "@pharmacy/contract/calendar/date-labels";
import { useGetFollowUpQuery, useUpdateFollowUpMutation } from "../api";
import { FOLLOW_UP_FLAG_COLORS, FOLLOW_UP_STATUS_COLORS } from "../labels";
import { patientNameOf } from "../patient";
import { ReportDialog } from "./report-dialog";
import styles from "./follow-ups.module.css";

interface FollowUpDetailDrawerProps {
  followUpId: string | undefined;
  today: string;
  onClose: () => void;
  renderPrescriptions: (reception: Reception, today: string) => ReactNode;
  onOpenReception: (reception: Pick<Reception, "id" | "receptionDate">) => void;
}

/** One follow-up opened from the worklist: the answers, the reception and its prescription, and closing it. */
export function FollowUpDetailDrawer({
  followUpId,
  today,
  onClose,
  renderPrescriptions,
  onOpenReception,
}: FollowUpDetailDrawerProps) {
  return (
    <Drawer
      open={followUpId !== undefined}
      onClose={onClose}
      placement="right"
      size={640}
      title="フォローアップの詳細"
      destroyOnHidden
    >
      {followUpId && (
        <DetailContent
          key={followUpId}
          followUpId={followUpId}
          today={today}
          renderPrescriptions={renderPrescriptions}
          onOpenReception={onOpenReception}
        />
      )}
    </Drawer>
  );
}

function DetailContent({
  followUpId,
  today,
  renderPrescriptions,
  onOpenReception,
}: Omit<FollowUpDetailDrawerProps, "followUpId" | "onClose"> & { followUpId: string }) {
  const { data, error } = useGetFollowUpQuery(followUpId);
  if (!data) {
    if (error) {
      return apiErrorStatus(error) === 404 || apiErrorStatus(error) === 400 ? (
        <Alert
          type="warning"
          showIcon
          title="フォローアップが見つかりません"
          description="一覧から選び直してください。"
        />
      ) : (
        <Alert type="error" showIcon title="フォローアップを表示できません" description={apiErrorMessage(error)} />
      );
    }
    return (
      <Flex justify="center" className={styles.loading}>
        <Spin description="読み込み中" />
      </Flex>
    );
  }
  return (
    <FollowUpView
      followUp={data}
      today={today}
      renderPrescriptions={renderPrescriptions}
      onOpenReception={onOpenReception}
    />
  );
}

function FollowUpView({
  followUp,
  today,
  renderPrescriptions,
  onOpenReception,
}: {
  followUp: FollowUpDetail;
  today: string;
  renderPrescriptions: FollowUpDetailDrawerProps["renderPrescriptions"];
  onOpenReception: FollowUpDetailDrawerProps["onOpenReception"];
}) {
  const [reporting, setReporting] = useState(false);
  const { reception } = followUp;
  const phone = followUp.contact?.phone || reception.phone;
  const closed = followUp.status === "closed";

  return (
    <Flex vertical gap={24}>
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Flex vertical gap={4}>
          <span className={styles.detailName} data-testid="follow-up-patient">
            {patientNameOf(reception)}
          </span>
          <Flex gap={4} wrap>
            <Tag color={FOLLOW_UP_STATUS_COLORS[followUp.status]}>{FOLLOW_UP_STATUS_LABELS[followUp.status]}</Tag>
            {!closed &&
              followUp.flags.map((flag) => (
                <Tag key={flag} color={FOLLOW_UP_FLAG_COLORS[flag]}>
                  {FOLLOW_UP_FLAG_LABELS[flag]}
                </Tag>
              ))}
          </Flex>
        </Flex>
        <Button size="large" icon={<FileTextOutlined aria-hidden />} onClick={() => setReporting(true)}>
          服薬情報提供書
        </Button>
      </Flex>

      {phone && (
        <a href={`tel:${phone}`} className={styles.callLink}>
          <PhoneOutlined aria-hidden /> {formatPhoneNumber(phone)}
        </a>
      )}

      <section aria-labelledby="follow-up-answers">
        <Typography.Title level={2} id="follow-up-answers" className={styles.panelHeading}>
          患者さまの回答
        </Typography.Title>
        {followUp.answers ? (
          <dl className={styles.answers}>
            {followUp.questions.map((question) => {
              const alert =
                followUp.alertKeys.includes(question.key) ||
                (question.callRequest && followUp.flags.includes("callRequested"));
              return (
                <div
                  key={question.key}
                  className={`${styles.answer} ${alert ? styles.answerAlert : ""}`}
                  data-testid="follow-up-answer"
                >
                  <dt>{question.label}</dt>
                  <dd>
                    {followUpAnswerText(question, followUp.answers?.[question.key])}
                    {alert && (
                      <Tag color="red" className={styles.answerTag}>
                        要注意
                      </Tag>
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        ) : (
          <Typography.Text type="secondary">
            {followUp.status === "scheduled"
              ? followUp.channel === "phone"
                ? "電話で体調を確認し、下に対応内容を書いてください。"
                : `${formatMonthDay(followUp.dueOn)}に送ります。`
              : followUp.status === "no_answer"
                ? "回答がありません。お電話で確認してください。"
                : "まだ回答はありません。"}
          </Typography.Text>
        )}
      </section>

      <Descriptions
        column={1}
        bordered
        size="small"
        styles={{ label: { width: 140 } }}
        items={[
          {
            key: "reception",
            label: "受付",
            children: (
              <Button type="link" className={styles.inlineLink} onClick={() => onOpenReception(reception)}>
                {`${formatMonthDay(reception.receptionDate)} 受付番号 ${formatReceptionNumber(reception.receptionNumber, reception.partitionNumber)}`}
              </Button>
            ),
          },
          { key: "due", label: "予定日", children: formatMonthDay(followUp.dueOn) },
          { key: "template", label: "質問票", children: followUp.templateName },
          { key: "channel", label: "連絡方法", children: FOLLOW_UP_CHANNEL_LABELS[followUp.channel] },
          ...(followUp.sentAt
            ? [{ key: "sent", label: "送信", children: formatBusinessDateTime(followUp.sentAt) }]
            : []),
          ...(followUp.answeredAt
            ? [{ key: "answered", label: "回答", children: formatBusinessDateTime(followUp.answeredAt) }]
            : []),
          { key: "planned", label: "予定した人", children: followUp.createdBy.name || "—" },
          ...(followUp.closedAt
            ? [
                {
                  key: "closed",
                  label: "対応",
                  children: `${formatBusinessDateTime(followUp.closedAt)}（${followUp.closedBy?.name || "—"}）`,
                },
              ]
            : []),
        ]}
      />

      {/* The main screen's 「処方内容」 panels bring their own heading. */}
      {reception.prescriptions.some((prescription) => prescription.rx) ? (
        renderPrescriptions(reception, today)
      ) : (
        <section aria-labelledby="follow-up-prescriptions">
          <Typography.Title level={2} id="follow-up-prescriptions" className={styles.panelHeading}>
            処方内容
          </Typography.Title>
          <Typography.Text type="secondary">
            処方箋のQRコードは読み取られていません。受付の写真をご確認ください。
          </Typography.Text>
        </section>
      )}

      <FollowUpNotes followUp={followUp} />
      {reporting && <ReportDialog followUpId={followUp.id} onClose={() => setReporting(false)} />}
    </Flex>
  );
}

/** 所見・提案 (for the 服薬情報提供書) and 対応内容, written by the pharmacist; closing needs 対応内容. */
function FollowUpNotes({ followUp }: { followUp: FollowUpDetail }) {
  const { message } = App.useApp();
  const [updateFollowUp, { isLoading, originalArgs }] = useUpdateFollowUpMutation();
  const [findings, setFindings] = useState(followUp.findings ?? "");
  const [proposal, setProposal] = useState(followUp.proposal ?? "");
  const [note, setNote] = useState(followUp.note ?? "");
  const [noteMissing, setNoteMissing] = useState(false);
  const closed = followUp.status === "closed";

  const written = {
    ...(findings.trim() && { findings: findings.trim() }),
    ...(proposal.trim() && { proposal: proposal.trim() }),
  };

  async function save(close: boolean) {
    if (close && !note.trim()) {
      setNoteMissing(true);
      return;
    }
    try {
      await updateFollowUp({
        id: followUp.id,
        changes: close ? { ...written, status: "closed", note: note.trim() } : written,
      }).unwrap();
      void message.success(close ? "対応済みにしました" : "所見・提案を保存しました");
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
    }
  }

  return (
    <section aria-labelledby="follow-up-notes" className={styles.notes}>
      <Typography.Title level={2} id="follow-up-notes" className={styles.panelHeading}>
        薬剤師の記録
      </Typography.Title>
      <label className={styles.fieldLabel} htmlFor="follow-up-findings">
        所見（服薬情報提供書に載ります）
      </label>
      <Input.TextArea
        id="follow-up-findings"
        value={findings}
        onChange={(event) => setFindings(event.target.value)}
        autoSize={{ minRows: 2, maxRows: 8 }}
        maxLength={FOLLOW_UP_NOTE_MAX}
        disabled={closed}
      />
      <label className={styles.fieldLabel} htmlFor="follow-up-proposal">
        処方医への提案（服薬情報提供書に載ります）
      </label>
      <Input.TextArea
        id="follow-up-proposal"
        value={proposal}
        onChange={(event) => setProposal(event.target.value)}
        autoSize={{ minRows: 2, maxRows: 8 }}
        maxLength={FOLLOW_UP_NOTE_MAX}
        disabled={closed}
      />
      {!closed && (
        <Flex justify="flex-end">
          <Button
            loading={isLoading && originalArgs?.changes.status === undefined}
            disabled={isLoading || Object.keys(written).length === 0}
            onClick={() => void save(false)}
          >
            所見・提案を保存
          </Button>
        </Flex>
      )}
      <label className={styles.fieldLabel} htmlFor="follow-up-note">
        対応内容
      </label>
      <Input.TextArea
        id="follow-up-note"
        value={note}
        onChange={(event) => {
          setNote(event.target.value);
          setNoteMissing(false);
        }}
        placeholder="例：電話で確認。めまいは軽快。処方医に服薬情報提供書をFAX。"
        autoSize={{ minRows: 3, maxRows: 10 }}
        maxLength={FOLLOW_UP_NOTE_MAX}
        status={noteMissing ? "error" : undefined}
        aria-describedby={noteMissing ? "follow-up-note-error" : undefined}
        disabled={closed}
      />
      {noteMissing && (
        <Typography.Text type="danger" id="follow-up-note-error" role="alert">
          対応内容を入力してください
        </Typography.Text>
      )}
      {!closed && (
        <Flex justify="flex-end">
          <Button
            type="primary"
            size="large"
            icon={<CheckOutlined aria-hidden />}
            loading={isLoading && originalArgs?.changes.status === "closed"}
            disabled={isLoading}
            onClick={() => void save(true)}
          >
            対応済みにする
          </Button>
        </Flex>
      )}
    </section>
  );
}
