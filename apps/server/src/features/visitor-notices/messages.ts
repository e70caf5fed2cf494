import { formatReceptionNumber } from "@pharmacy/contract/formats";
import { PHOTO_REQUEST_REASON_LABELS, type PhotoRequestReason } from "@pharmacy/contract/photo-requests";
import type { VisitorPush } from "@pharmacy/contract/visitor-notices";
import type { OutgoingMail } from "../../mail/mailer.js";

/** What happened that the visitor should hear about. */
export type VisitorMilestone =
  | { kind: "ready"; delivered: boolean }
  | { kind: "called" }
  | { kind: "photoRequested"; reason: PhotoRequestReason };

export interface NoticeSubject {
  pharmacyName: string;
  receptionNumber: number;
  partitionNumber: number;
  statusToken: string;
}

interface NoticeText {
  title: string;
  body: string;
}

/**
 * The three messages, the same words in the push and the mail. Only the reception number identifies
 * the visitor: no name, no phone, and not staff's free-text message (the status page shows that).
 */
function noticeText(milestone: VisitorMilestone, number: string): NoticeText {
  switch (milestone.kind) {
    case "ready":
      return milestone.delivered
        ? { title: "お薬の準備ができました", body: `受付番号 ${number}番のお薬の準備ができました。お届けについては薬局からご連絡します。` }
        : { title: "お薬をお渡しできます", body: `受付番号 ${number}番のお薬の準備ができました。薬局の窓口で受付番号をお伝えください。` };
    case "called":
      return { title: "お呼びしています", body: `受付番号 ${number}番の方、お薬のご用意ができました。お渡し口までお越しください。` };
    case "photoRequested":
      return {
        title: "処方箋の写真をもう一度お送りください",
        body: `受付番号 ${number}番：${PHOTO_REQUEST_REASON_LABELS[milestone.reason]}。受付状況のページから新しい写真を送ってください。`,
      };
  }
}

export function statusPath(statusToken: string): string {
  return `/web/status/${encodeURIComponent(statusToken)}`;
}

export function visitorPush(milestone: VisitorMilestone, subject: NoticeSubject): VisitorPush {
  const number = formatReceptionNumber(subject.receptionNumber, subject.partitionNumber);
  const { title, body } = noticeText(milestone, number);
  // one notification per reception on the phone: a later message replaces the earlier one
  return { title: `${title}（${subject.pharmacyName}）`, body, url: statusPath(subject.statusToken), tag: `reception-${number}` };
}

export function visitorMail(milestone: VisitorMilestone, subject: NoticeSubject, to: string, linkBase: string): OutgoingMail {
  const number = formatReceptionNumber(subject.receptionNumber, subject.partitionNumber);
  const { title, body } = noticeText(milestone, number);
  const link = new URL(statusPath(subject.statusToken), linkBase).href;
  return {
    to,
    subject: `【${subject.pharmacyName}】${title}（受付番号 ${number}）`,
    text:
      `${body}\n\n` +
      `受付状況は次のページでご確認いただけます。\n${link}\n\n` +
      `──────────\n${subject.pharmacyName}\n` +
      `このメールは送信専用です。Web受付でご入力いただいたメールアドレスにお送りしています。\n` +
      `本日の受付が終わると、このアドレスは削除されます。`,
  };
}
