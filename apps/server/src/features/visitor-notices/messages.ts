import { NOTICES_KEPT_DAYS_AFTER_PICKUP } from "@pharmacy/contract/receptions/across-days";
import { formatMonthDay } from "@pharmacy/contract/calendar/date-labels";
import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import { readyNotice } from "@pharmacy/contract/public/patient-messages";
import { PHOTO_REQUEST_REASON_LABELS, type PhotoRequestReason } from "@pharmacy/contract/receptions/photo-requests";
import type { VisitorPush } from "@pharmacy/contract/visitor-notices/visitor-notices";
import type { OutgoingMail } from "../../mail/mailer.js";

/** What happened that the visitor should hear about. */
export type VisitorMilestone =
  { kind: "ready"; delivered: boolean } | { kind: "called" } | { kind: "photoRequested"; reason: PhotoRequestReason };

export interface NoticeSubject {
  pharmacyName: string;
  receptionNumber: number;
  partitionNumber: number;
  /** The reception's own day: named beside its number when it is not the day the message goes out. */
  receptionDate: string;
  statusToken: string;
}

export interface NoticeText {
  title: string;
  body: string;
}

/**
 * The three messages, the same words in the push and the mail. Only the reception number identifies
 * the visitor: no name, no phone, and not staff's free-text message (the status page shows that).
 */
export function noticeText(milestone: VisitorMilestone, who: string): NoticeText {
  switch (milestone.kind) {
    case "ready": {
      const { title, detail } = readyNotice(milestone.delivered);
      return { title, body: `${who}番のお薬の準備ができました。${detail}` };
    }
    case "called":
      return {
        title: "お呼びしています",
        body: `${who}番の方、お薬のご用意ができました。お渡し口までお越しください。`,
      };
    case "photoRequested":
      return {
        title: "処方箋の写真をもう一度お送りください",
        body: `${who}番：${PHOTO_REQUEST_REASON_LABELS[milestone.reason]}。受付状況のページから新しい写真を送ってください。`,
      };
  }
}

/** 「受付番号 8」, or 「11月26日（木）の受付番号 8」 for a reception of another day than `today` (docs/rules.md#across-days). */
export function numberLabel(subject: NoticeSubject, today: string): string {
  const number = formatReceptionNumber(subject.receptionNumber, subject.partitionNumber);
  return subject.receptionDate === today
    ? `受付番号 ${number}`
    : `${formatMonthDay(subject.receptionDate)}の受付番号 ${number}`;
}

export function statusPath(statusToken: string): string {
  return `/web/status/${encodeURIComponent(statusToken)}`;
}

export function visitorPush(milestone: VisitorMilestone, subject: NoticeSubject, today: string): VisitorPush {
  const { title, body } = noticeText(milestone, numberLabel(subject, today));
  // one notification per reception on the phone: a later message replaces the earlier one
  return {
    title: `${title}（${subject.pharmacyName}）`,
    body,
    url: statusPath(subject.statusToken),
    tag: `reception-${formatReceptionNumber(subject.receptionNumber, subject.partitionNumber)}`,
  };
}

export function visitorMail(
  milestone: VisitorMilestone,
  subject: NoticeSubject,
  to: string,
  linkBase: string,
  today: string,
): OutgoingMail {
  const label = numberLabel(subject, today);
  const { title, body } = noticeText(milestone, label);
  const link = new URL(statusPath(subject.statusToken), linkBase).href;
  return {
    to,
    subject: `【${subject.pharmacyName}】${title}（${label}）`,
    text:
      `${body}\n\n` +
      `受付状況は次のページでご確認いただけます。\n${link}\n\n` +
      `──────────\n${subject.pharmacyName}\n` +
      `このメールは送信専用です。Web受付でご入力いただいたメールアドレスにお送りしています。\n` +
      `お薬をお渡しした時点で（遅くともお受け取り予定日の${NOTICES_KEPT_DAYS_AFTER_PICKUP}日後に）、このアドレスは削除されます。`,
  };
}
