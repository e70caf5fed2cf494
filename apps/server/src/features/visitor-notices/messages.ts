import { NOTICES_KEPT_DAYS_AFTER_PICKUP } from "@pharmacy/contract/receptions/across-days";
import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import type { PhotoRequestReason } from "@pharmacy/contract/receptions/photo-requests";
import type { VisitorPush } from "@pharmacy/contract/visitor-notices/visitor-notices";
import { businessDay, type MessageKey, type PatientText } from "../../i18n/patient-text.js";
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

const PHOTO_REASON_KEYS: Record<PhotoRequestReason, MessageKey> = {
  Blurry: "photoReasonBlurry",
  CutOff: "photoReasonCutOff",
  Glare: "photoReasonGlare",
  WrongDocument: "photoReasonWrongDocument",
  Other: "photoReasonOther",
};

/**
 * The three messages in the patient's language, the same words in the push, the mail and LINE. Only the
 * reception number identifies the visitor: no name, no phone, and not staff's free-text message (the
 * status page shows that).
 */
export function noticeText(text: PatientText, milestone: VisitorMilestone, label: string): NoticeText {
  switch (milestone.kind) {
    case "ready":
      return milestone.delivered
        ? { title: text.t("readyDeliveredTitle"), body: text.t("readyDeliveredBody", { label }) }
        : { title: text.t("readyTitle"), body: text.t("readyBody", { label }) };
    case "called":
      return { title: text.t("calledTitle"), body: text.t("calledBody", { label }) };
    case "photoRequested":
      return {
        title: text.t("photoTitle"),
        body: text.t("photoBody", { label, reason: text.t(PHOTO_REASON_KEYS[milestone.reason]) }),
      };
  }
}

/** 「受付番号 8」, or 「11月26日(木)の受付番号 8」 for a reception of another day than `today` (docs/rules.md#across-days). */
export function numberLabel(
  text: PatientText,
  subject: Pick<NoticeSubject, "receptionNumber" | "partitionNumber" | "receptionDate">,
  today: string,
): string {
  const number = formatReceptionNumber(subject.receptionNumber, subject.partitionNumber);
  return subject.receptionDate === today
    ? text.t("numberToday", { number })
    : text.t("numberOtherDay", { number, date: businessDay(subject.receptionDate) });
}

export function statusPath(statusToken: string): string {
  return `/web/status/${encodeURIComponent(statusToken)}`;
}

export function visitorPush(
  text: PatientText,
  milestone: VisitorMilestone,
  subject: NoticeSubject,
  today: string,
): VisitorPush {
  const { title, body } = noticeText(text, milestone, numberLabel(text, subject, today));
  // one notification per reception on the phone: a later message replaces the earlier one
  return {
    title: text.t("pushTitle", { title, pharmacy: subject.pharmacyName }),
    body,
    url: statusPath(subject.statusToken),
    tag: `reception-${formatReceptionNumber(subject.receptionNumber, subject.partitionNumber)}`,
  };
}

export function visitorMail(
  text: PatientText,
  milestone: VisitorMilestone,
  subject: NoticeSubject,
  to: string,
  linkBase: string,
  today: string,
): OutgoingMail {
  const label = numberLabel(text, subject, today);
  const { title, body } = noticeText(text, milestone, label);
  const pharmacy = subject.pharmacyName;
  return {
    to,
    subject: text.t("noticeMailSubject", { pharmacy, title, label }),
    text: text.t("noticeMailText", {
      body,
      pharmacy,
      link: new URL(statusPath(subject.statusToken), linkBase).href,
      days: NOTICES_KEPT_DAYS_AFTER_PICKUP,
    }),
  };
}
