import type { Generated } from "kysely";

/** The tables of the branches' LINE Official Accounts (migrations 021 and 023). */

export interface LineChannelTable {
  pharmacy_id: string;
  /** Sealed (SecretBox, bound to the branch). */
  channel_secret: string;
  /** Sealed (SecretBox, bound to the branch). */
  access_token: string;
  basic_id: string;
  bot_user_id: string;
  display_name: string;
  monthly_limit: number | null;
  updated_at: Date;
}

export interface LineLinkCodeTable {
  code_hash: string;
  pharmacy_id: string;
  reception_id: string;
  link_base: string | null;
  expires_at: Date;
  created_at: Date;
}

export interface LineLinkTable {
  reception_id: string;
  pharmacy_id: string;
  line_user_id: string;
  link_base: string | null;
  kept_for_care: Generated<boolean>;
  expires_at: Date;
  created_at: Date;
}

export interface LineWebhookEventTable {
  pharmacy_id: string;
  webhook_event_id: string;
  received_at: Date;
}

export const LINE_MESSAGE_STATES = ["pending", "sent", "refused", "over_quota"] as const;
export type LineMessageState = (typeof LINE_MESSAGE_STATES)[number];

export interface LineOutboxTable {
  id: string;
  seq: Generated<string>;
  pharmacy_id: string;
  line_user_id: string;
  text: string;
  state: LineMessageState;
  attempts: Generated<number>;
  next_attempt_at: Date;
  lease_until: Date | null;
  created_at: Date;
  sent_at: Date | null;
  /** 'YYYY-MM' (Asia/Tokyo): the month whose slot of the branch's count the message holds (migration 023). */
  counted_month: string | null;
  /** The reception the message is about (migration 033; none on messages queued before it). */
  reception_id: string | null;
}

/** A branch's LINE messages of one month: the slots taken (migration 023). */
export interface LineMonthlyCountTable {
  pharmacy_id: string;
  month: string;
  sent: number;
}
