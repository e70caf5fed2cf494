import type { PatientText } from "../../i18n/patient-text.js";
import { businessDay } from "../../i18n/patient-text.js";
import {
  noticeText,
  numberLabel,
  statusPath,
  type NoticeSubject,
  type VisitorMilestone,
} from "../visitor-notices/index.js";

// What the patient reads in LINE, in their language. Like the push and the mail: the reception number and
// the branch's name, never the patient's name, phone, answers nor any medicine; the link carries the rest.

/** The page the message points to, on the branch's link address; none when the branch has no address yet. */
function linkLine(path: string, linkBase: string | null): string {
  return linkBase ? `\n\n${new URL(path, linkBase).href}` : "";
}

/** Ready, called, new photos asked for: the push's words, then the status page. */
export function lineNoticeText(
  text: PatientText,
  milestone: VisitorMilestone,
  subject: NoticeSubject,
  linkBase: string | null,
  today: string,
): string {
  const { title, body } = noticeText(text, milestone, numberLabel(text, subject, today));
  const notice = text.t("lineNotice", { pharmacy: subject.pharmacyName, title, body });
  return `${notice}${linkLine(statusPath(subject.statusToken), linkBase)}`;
}

/** The webhook's reply once a code links the LINE user to the reception. */
export function linkedReply(
  text: PatientText,
  subject: Pick<NoticeSubject, "receptionNumber" | "partitionNumber" | "receptionDate">,
  today: string,
): string {
  return text.t("lineLinked", { label: numberLabel(text, subject, today) });
}

/** Follow-up due (docs/rules.md#continuity-of-care): the questionnaire's link, nothing of the medicine or the answers. */
export function followUpDueText(text: PatientText, pharmacyName: string, questionnaireUrl: string): string {
  return text.t("followUpLine", { pharmacy: pharmacyName, link: questionnaireUrl });
}

/** A refill or split prescription's next window opens soon (docs/rules.md#continuity-of-care): the branch's web reception. */
export function refillReminderText(
  text: PatientText,
  pharmacyName: string,
  windowOpensOn: string,
  receptionUrl: string,
): string {
  return text.t("refillLine", { pharmacy: pharmacyName, from: businessDay(windowOpensOn), link: receptionUrl });
}
