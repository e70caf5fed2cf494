import { FOLLOW_UP_LINK_VALID_DAYS } from "@pharmacy/contract/follow-ups/follow-ups";
import { followUpPagePath } from "@pharmacy/contract/follow-ups/patient-page";
import type { NextDispensingWindow } from "@pharmacy/contract/follow-ups/next-dispensing";
import type { VisitorPush } from "@pharmacy/contract/visitor-notices/visitor-notices";
import { businessDay, type PatientText } from "../../i18n/patient-text.js";
import type { OutgoingMail } from "../../mail/mailer.js";

/**
 * The follow-up's message and the refill reminder, by mail and push, in the patient's language: the
 * branch's name and a link, never the patient's name, medicines or answers (a phone's lock screen shows
 * the push).
 */
export function followUpMail(text: PatientText, to: string, pharmacyName: string, link: string): OutgoingMail {
  const pharmacy = pharmacyName;
  const title = text.t("followUpTitle");
  return {
    to,
    subject: text.t("mailSubject", { pharmacy, title }),
    text: text.t("followUpMailText", {
      body: text.t("followUpBody", { pharmacy }),
      link,
      days: FOLLOW_UP_LINK_VALID_DAYS,
      pharmacy,
    }),
  };
}

export function followUpPush(text: PatientText, pharmacyName: string, token: string): VisitorPush {
  return {
    title: text.t("pushTitle", { title: text.t("followUpTitle"), pharmacy: pharmacyName }),
    body: text.t("followUpBody", { pharmacy: pharmacyName }),
    url: followUpPagePath(token),
    tag: "follow-up",
  };
}

/** 「12月1日」 or 「12月1日〜12月7日」 in the patient's language. */
function windowText(text: PatientText, window: Pick<NextDispensingWindow, "from" | "to">): string {
  return window.from === window.to
    ? text.t("refillWindowDay", { from: businessDay(window.from) })
    : text.t("refillWindowRange", { from: businessDay(window.from), to: businessDay(window.to) });
}

export function refillReminderMail(
  text: PatientText,
  to: string,
  pharmacyName: string,
  window: Pick<NextDispensingWindow, "from" | "to">,
  link: string,
): OutgoingMail {
  const pharmacy = pharmacyName;
  return {
    to,
    subject: text.t("mailSubject", { pharmacy, title: text.t("refillTitle") }),
    text: text.t("refillMailText", {
      body: text.t("refillBody", { pharmacy, window: windowText(text, window) }),
      link,
      pharmacy,
    }),
  };
}
