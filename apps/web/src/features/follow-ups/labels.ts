import type { FollowUpFlag, FollowUpStatus } from "@pharmacy/contract/follow-ups/follow-ups";
import type { ReminderStatus } from "@pharmacy/contract/follow-ups/next-dispensing";

/** antd tag colours of a follow-up's state (the words are the contract's FOLLOW_UP_STATUS_LABELS). */
export const FOLLOW_UP_STATUS_COLORS: Record<FollowUpStatus, string> = {
  scheduled: "default",
  sent: "blue",
  answered: "green",
  no_answer: "orange",
  closed: "default",
};

/** Why a row is on top: 電話を希望 and a worrying answer in red, no answer in orange. */
export const FOLLOW_UP_FLAG_COLORS: Record<FollowUpFlag, string> = {
  callRequested: "red",
  alert: "red",
  noAnswer: "orange",
};

export const REMINDER_STATUS_COLORS: Record<ReminderStatus, string> = {
  none: "default",
  scheduled: "blue",
  sent: "green",
  closed: "default",
};
