import { DownloadOutlined, PrinterOutlined } from "@ant-design/icons";
import { AUDIT_ACTION_LABELS, AUDIT_ACTOR_TYPE_LABELS } from "@pharmacy/contract/audit/audit";
import { formatBusinessDateTime, formatFullDate } from "@pharmacy/contract/calendar/date-labels";
import { FOLLOW_UP_CHANNEL_LABELS, FOLLOW_UP_STATUS_LABELS } from "@pharmacy/contract/follow-ups/follow-ups";
import { followUpAnswerText } from "@pharmacy/contract/follow-ups/follow-up-templates";
import type { ReceptionExport } from "@pharmacy/contract/retention/export";
import { formatPhoneNumber } from "@pharmacy/contract/shared/phone-number";
import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import { Alert, Button, Flex, Spin, Typography } from "antd";
import type { ReactNode } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import { useGetPrescriptionThumbnailQuery } from "../api";
import { CHANNEL_LABELS, HISTORY_ACTION_LABELS, SHOWN_STATUS_LABELS, listStatusOf } from "../labels";
import { useGetReceptionExportQuery } from "../patient-data-api";
import { PrescriptionData } from "../rx/prescription-data";
import { AnswersList } from "./answers-list";
import styles from "./reception-export-page.module.css";

const TITLE = "保有個人データの開示";

/**
 * /receptions/{id}/export: everything the branch holds about a reception and its patient, to print and
 * hand over when the patient asks (docs/rules.md#records-kept-and-deleted), and the same as one JSON file.
 */
export function ReceptionExportPage({ receptionId }: { receptionId: string }) {
  useDocumentTitle(TITLE);
  const { data, error } = useGetReceptionExportQuery(receptionId);
  if (error) return <Alert type="error" showIcon title="データを表示できません" description={apiErrorMessage(error)} />;
  if (!data)
    return (
      <Flex justify="center">
        <Spin description="読み込み中" />
      </Flex>
    );
  return <ExportView data={data} />;
}

function ExportView({ data }: { data: ReceptionExport }) {
  const { reception } = data;
  const number = formatReceptionNumber(reception.receptionNumber, reception.partitionNumber);
  return (
    <article className={styles.page} data-testid="reception-export">
      <Flex justify="flex-end" gap={8} className={styles.noPrint}>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={() => download(data, number)}>
          JSONファイルを保存
        </Button>
        <Button type="primary" icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
          印刷
        </Button>
      </Flex>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {TITLE}
      </Typography.Title>
      <p>
        {`${data.pharmacy.name}\u3000${data.pharmacy.address}\u3000TEL ${data.pharmacy.phone}`}
        <br />
        {`作成日時 ${formatBusinessDateTime(data.exportedAt)}`}
      </p>
      <p>当薬局がこの受付について保有しているデータのすべてです（個人情報保護法第33条による開示）。</p>

      <Section title="受付">
        <Rows
          rows={[
            ["受付番号", `${formatFullDate(reception.receptionDate)} ${number}`],
            ["受付方法", CHANNEL_LABELS[reception.channel]],
            ["状態", statusText(reception)],
            ["受付日時", formatBusinessDateTime(reception.createdAt)],
            ["お渡し日時", reception.handedOverAt ? formatBusinessDateTime(reception.handedOverAt) : "—"],
            ["お名前", reception.patientName ?? "—"],
            ["電話番号", reception.phone ? formatPhoneNumber(reception.phone) : "—"],
            ["薬局のメモ", reception.note ?? "—"],
          ]}
        />
      </Section>

      <Section title="質問への回答">
        <AnswersList answers={reception.answers} />
      </Section>

      <Section title="処方箋の写真">
        {data.photos.length === 0 ? (
          <None text={reception.photosDeletedAt ? "写真は削除済みです。" : "写真はありません。"} />
        ) : (
          <div className={styles.photos}>
            {data.photos.map((photo) => (
              <Thumbnail key={photo.fileId} fileId={photo.fileId} uploadedAt={photo.uploadedAt} />
            ))}
          </div>
        )}
      </Section>

      <Section title="処方箋から読み取ったデータ">
        <PrescriptionData prescriptions={reception.prescriptions} today={reception.receptionDate} />
      </Section>

      <Section title="お知らせの連絡先">
        <Rows
          rows={[
            ["プッシュ通知", `${data.notices.pushSubscriptions.length}件`],
            ["メールアドレス", data.notices.mailAddress?.email ?? "—"],
            ["LINE連携", `${data.notices.lineLinks.length}件`],
            ["体調確認の連絡先", careContactText(data.careContact)],
          ]}
        />
      </Section>

      <Section title="LINEで送ったメッセージ">
        {data.lineMessages.length === 0 ? (
          <None text="ありません。" />
        ) : (
          <Rows
            rows={data.lineMessages.map((message) => [
              formatBusinessDateTime(message.createdAt),
              withoutLinkTokens(message.text),
            ])}
          />
        )}
      </Section>

      <Section title="服薬フォローアップ">
        {data.followUps.length === 0 ? (
          <None text="ありません。" />
        ) : (
          data.followUps.map((followUp) => (
            <Rows
              key={followUp.id}
              rows={[
                [
                  "予定",
                  `${formatFullDate(followUp.dueOn)} ${followUp.templateName}（${FOLLOW_UP_CHANNEL_LABELS[followUp.channel]}）${FOLLOW_UP_STATUS_LABELS[followUp.status]}`,
                ],
                ...followUp.questions.map((question): [string, string] => [
                  question.label,
                  followUpAnswerText(question, followUp.answers?.[question.key]),
                ]),
                ["所見", followUp.findings ?? "—"],
                ["提案", followUp.proposal ?? "—"],
                ["対応内容", followUp.note ?? "—"],
              ]}
            />
          ))
        )}
      </Section>

      <Section title="受付の履歴">
        <Rows
          rows={data.history.map((entry) => [
            formatBusinessDateTime(entry.at),
            `${HISTORY_ACTION_LABELS[entry.action]}（${entry.actor}）`,
          ])}
        />
      </Section>

      <Section title="閲覧・操作の記録">
        <Rows
          rows={data.accessLog.map((entry) => [
            formatBusinessDateTime(entry.at),
            `${AUDIT_ACTION_LABELS[entry.action]}（${entry.actorName ?? AUDIT_ACTOR_TYPE_LABELS[entry.actorType]}）`,
          ])}
        />
      </Section>
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h2 className={styles.heading}>{title}</h2>
      {children}
    </section>
  );
}

function Rows({ rows }: { rows: [string, string][] }) {
  if (rows.length === 0) return <None text="ありません。" />;
  return (
    <table className={styles.table}>
      <tbody>
        {rows.map(([label, value], index) => (
          <tr key={`${label}-${index}`}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function None({ text }: { text: string }) {
  return <p className={styles.none}>{text}</p>;
}

function Thumbnail({ fileId, uploadedAt }: { fileId: string; uploadedAt: string }) {
  const { data } = useGetPrescriptionThumbnailQuery(fileId);
  const label = `処方箋の写真（${formatBusinessDateTime(uploadedAt)}）`;
  return data ? <img className={styles.photo} src={data.url} alt={label} /> : <Spin aria-label={label} />;
}

/**
 * The status page's and the questionnaire's links still open while they live: on paper handed to the patient
 * (and maybe lost) only their start is shown. The JSON file keeps the messages as sent.
 */
function withoutLinkTokens(text: string): string {
  return text.replace(/(\/web\/(?:status|follow-up)\/)[\w-]+/g, "$1…");
}

function statusText(reception: ReceptionExport["reception"]): string {
  const key = listStatusOf(reception);
  return key === "inProgress" ? "受付中" : SHOWN_STATUS_LABELS[key];
}

function careContactText(contact: ReceptionExport["careContact"]): string {
  if (!contact) return "—";
  return [contact.email, contact.phone && formatPhoneNumber(contact.phone)].filter(Boolean).join("、") || "登録あり";
}

function download(data: ReceptionExport, number: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `受付${data.reception.receptionDate}-${number}.json`;
  link.click();
  URL.revokeObjectURL(url);
}
