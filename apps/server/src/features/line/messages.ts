import { formatMonthDay } from "@pharmacy/contract/calendar/date-labels";
import {
  noticeText,
  numberLabel,
  statusPath,
  type NoticeSubject,
  type VisitorMilestone,
} from "../visitor-notices/index.js";

// What the patient reads in LINE. Like the push and the mail: the reception number and the branch's
// name, never the patient's name, phone, answers nor any medicine; the link carries the rest.

/** The page the message points to, on the branch's link address; none when the branch has no address yet. */
function linkLine(path: string, linkBase: string | null): string {
  return linkBase ? `\n\n${new URL(path, linkBase).href}` : "";
}

/** Ready, called, new photos asked for: the push's words, then the status page. */
export function lineNoticeText(
  milestone: VisitorMilestone,
  subject: NoticeSubject,
  linkBase: string | null,
  today: string,
): string {
  const { title, body } = noticeText(milestone, numberLabel(subject, today));
  return `【${subject.pharmacyName}】${title}\n${body}${linkLine(statusPath(subject.statusToken), linkBase)}`;
}

/** The webhook's reply once a code links the LINE user to the reception. */
export function linkedReply(subject: Omit<NoticeSubject, "statusToken">, today: string): string {
  return `${numberLabel({ ...subject, statusToken: "" }, today)} のお知らせをLINEでお送りします`;
}

export const CODE_REFUSED_REPLY =
  "このコードは使えません（有効期限が過ぎたか、すでに使われています）。受付状況のページの「LINEで通知を受け取る」からもう一度お試しください。";
export const TOO_MANY_LINKS_REPLY = "この受付には、これ以上LINEを連携できません。";

/** Follow-up due (docs/rules.md#continuity-of-care): the questionnaire's link, nothing of the medicine or the answers. */
export function followUpDueText(pharmacyName: string, questionnaireUrl: string): string {
  return `【${pharmacyName}】お薬をお使いになってからの体調について、いくつかお伺いします。1分ほどで答えられます。\n\n${questionnaireUrl}`;
}

/** A refill or split prescription's next window opens soon (docs/rules.md#continuity-of-care): the branch's web reception. */
export function refillReminderText(pharmacyName: string, windowOpensOn: string, receptionUrl: string): string {
  return `【${pharmacyName}】次回のお薬のお受け取りの時期が近づいています（${formatMonthDay(windowOpensOn)}から）。次の受付はこちらから送れます。\n\n${receptionUrl}`;
}
