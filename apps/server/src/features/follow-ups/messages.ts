import { FOLLOW_UP_LINK_VALID_DAYS } from "@pharmacy/contract/follow-ups/follow-ups";
import { FOLLOW_UP_MESSAGE, followUpPagePath } from "@pharmacy/contract/follow-ups/patient-page";
import { REFILL_REMINDER_MESSAGE } from "@pharmacy/contract/follow-ups/next-dispensing";
import type { VisitorPush } from "@pharmacy/contract/visitor-notices/visitor-notices";
import type { OutgoingMail } from "../../mail/mailer.js";

/**
 * The follow-up's message and the refill reminder, by mail and push: the branch's name and a link,
 * never the patient's name, medicines or answers (a phone's lock screen shows the push).
 */
export function followUpMail(to: string, pharmacyName: string, link: string): OutgoingMail {
  return {
    to,
    subject: `【${pharmacyName}】${FOLLOW_UP_MESSAGE.title}`,
    text:
      `${FOLLOW_UP_MESSAGE.body(pharmacyName)}\n\n${link}\n\n` +
      `このリンクは${FOLLOW_UP_LINK_VALID_DAYS}日間有効で、回答は1回だけ送れます。\n` +
      `──────────\n${pharmacyName}\n` +
      `このメールは送信専用です。お薬をお渡しした際に、体調確認の連絡にご同意いただいた方にお送りしています。\n` +
      `フォローアップが終わると、このメールアドレスは削除されます。`,
  };
}

export function followUpPush(pharmacyName: string, token: string): VisitorPush {
  return {
    title: `${FOLLOW_UP_MESSAGE.title}（${pharmacyName}）`,
    body: FOLLOW_UP_MESSAGE.body(pharmacyName),
    url: followUpPagePath(token),
    tag: "follow-up",
  };
}

export function refillReminderMail(to: string, pharmacyName: string, window: string, link: string): OutgoingMail {
  return {
    to,
    subject: `【${pharmacyName}】${REFILL_REMINDER_MESSAGE.title}`,
    text:
      `${REFILL_REMINDER_MESSAGE.body(pharmacyName, window)}\n\n${link}\n\n` +
      `──────────\n${pharmacyName}\n` +
      `このメールは送信専用です。次回のお薬のご案内にご同意いただいた方にお送りしています。`,
  };
}
