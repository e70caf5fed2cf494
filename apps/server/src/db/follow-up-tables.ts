import type { JSONColumnType } from "kysely";
import type { CareContactSource, FollowUpChannel, FollowUpStatus } from "@pharmacy/contract/follow-ups/follow-ups";
import type {
  FollowUpAnswers,
  FollowUpQuestion,
  FollowUpTemplate,
} from "@pharmacy/contract/follow-ups/follow-up-templates";

/** The tables of 服薬フォローアップ and refill reminders (docs/rules.md#continuity-of-care, migration 018). */

export interface CareContactTable {
  reception_id: string;
  pharmacy_id: string;
  email: string | null;
  phone: string | null;
  source: CareContactSource;
  consented_at: Date;
}

export interface CarePushSubscriptionTable {
  id: string;
  reception_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface FollowUpTemplateTable {
  pharmacy_id: string;
  templates: JSONColumnType<FollowUpTemplate[]>;
  updated_at: Date;
}

export interface FollowUpTable {
  id: string;
  pharmacy_id: string;
  reception_id: string;
  due_on: string;
  template_id: string;
  template_name: string;
  questions: JSONColumnType<FollowUpQuestion[]>;
  channel: FollowUpChannel;
  status: FollowUpStatus;
  token_hash: string | null;
  created_by: string;
  created_by_name: string;
  created_at: Date;
  sent_at: Date | null;
  answers: JSONColumnType<FollowUpAnswers | null, string | null | undefined, string | null>;
  answered_at: Date | null;
  closed_at: Date | null;
  closed_by: string | null;
  closed_by_name: string | null;
  note: string | null;
  findings: string | null;
  proposal: string | null;
}

export interface RefillReminderTable {
  prescription_id: string;
  reception_id: string;
  pharmacy_id: string;
  window_from: string;
  window_to: string;
  remind_on: string;
  sent_at: Date | null;
  closed_at: Date | null;
}
