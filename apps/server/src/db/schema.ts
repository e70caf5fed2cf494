import type { ColumnType, Generated, JSONColumnType, Kysely, Selectable } from "kysely";
import type { PrescriptionSourceType, ReceptionChannel, ReceptionStatus } from "@pharmacy/contract/shared/enums";
import type { FileContentType } from "@pharmacy/contract/files/files";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import type { PatientLanguage } from "@pharmacy/contract/shared/languages";
import type { PhotoRequestReason } from "@pharmacy/contract/receptions/photo-requests";
import type { HistoryAction } from "@pharmacy/contract/receptions/receptions";
import type { CodeReadStatus, Rx } from "@pharmacy/contract/files/prescription-data";
import type { MedicationRecord } from "@pharmacy/contract/files/medication-record";
import type { PrescriptionCopy } from "@pharmacy/contract/files/prescription-copy";
import type { AppSettings, BusinessHours } from "@pharmacy/contract/settings/settings";
import type { DeviceKind } from "@pharmacy/contract/auth/roles";
import type { AuditAction, AuditActorType } from "@pharmacy/contract/audit/audit";
import type { CodeSymbol } from "@pharmacy/contract/files/code-symbols";
import type { RetentionKind } from "@pharmacy/contract/retention/retention";
import type { FollowUpTemplate } from "@pharmacy/contract/follow-ups/follow-up-templates";
import type {
  AuthThrottleTable,
  InvitationTable,
  MembershipTable,
  MfaChallengeTable,
  OrganizationAdminTable,
  RecoveryCodeTable,
  RefreshTokenTable,
  SignInAddressTable,
  UserTable,
  VerificationCodeTable,
} from "./auth-tables.js";
import type {
  CarePushSubscriptionTable,
  CareContactTable,
  FollowUpTable,
  FollowUpTemplateTable,
  RefillReminderTable,
} from "./follow-up-tables.js";
import type {
  LineChannelTable,
  LineLinkCodeTable,
  LineLinkTable,
  LineMonthlyCountTable,
  LineOutboxTable,
  LineWebhookEventTable,
} from "./line-tables.js";

export type { CodeSymbol };
export * from "./auth-tables.js";
export * from "./follow-up-tables.js";
export * from "./line-tables.js";

/** The one typed handle on the database; a transaction is one too, so repositories take either. */
export type Db = Kysely<Database>;

export interface OrganizationTable {
  id: string;
  name: Generated<string>;
  created_at: Generated<Date>;
}

export interface PharmacyTable {
  id: string;
  organization_id: string;
  name: Generated<string>;
  postal_code: Generated<string>;
  address: Generated<string>;
  phone: Generated<string>;
  fax: string | null;
  notice: string | null;
  reception_start_number: Generated<number>;
  web_questionnaire_url: string | null;
  public_slug: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** See LinkOrigins: null until a signed-in person opens the app. */
  link_origin: string | null;
}

export interface DeviceTable {
  id: string;
  pharmacy_id: string;
  kind: DeviceKind;
  name: string;
  token_hash: string;
  created_at: Date;
  last_seen_at: Date | null;
  deleted_at: Date | null;
}

export interface AuditLogTable {
  id: string;
  seq: Generated<string>;
  pharmacy_id: string;
  at: Date;
  actor_type: AuditActorType;
  actor_id: string | null;
  actor_name: string | null;
  action: AuditAction;
  target_type: string | null;
  target_id: string | null;
  detail: string | null;
}

export interface PublicUploadQuotaTable {
  pharmacy_id: string;
  business_date: string;
  files: number;
  bytes: string | number;
}

export interface PublicSendKeyTable {
  pharmacy_id: string;
  send_key: string;
  reception_id: string;
  created_at: Date;
}

export interface ReceptionCounterTable {
  pharmacy_id: string;
  business_date: string;
  last_number: number;
}

export interface ReceptionTable {
  id: string;
  pharmacy_id: string;
  business_date: string;
  reception_number: number;
  partition_number: number;
  channel: ReceptionChannel;
  status: ReceptionStatus | null;
  /** JSON columns are written as JSON text and read back parsed. */
  answers: JSONColumnType<Answers>;
  patient_name: string | null;
  phone: string | null;
  note: string | null;
  /** Clear tokens of servers before hashing: sealed and emptied at start (receptions/status-tokens.ts), never written. */
  status_token: Generated<string | null>;
  /** A web reception's status link: its token's hash (src/lib/token-hash.ts), what the link is looked up by. */
  status_token_hash: string | null;
  /** The same token sealed (SecretBox, bound to the reception's id), read only to build the links sent later. */
  status_token_sealed: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  completed_at: Generated<Date | null>;
  called_at: Generated<Date | null>;
  handed_over_at: Generated<Date | null>;
  confirmed_at: Date | null;
  /** The counter device whose flow created it, while that flow may still touch it. */
  device_id: Generated<string | null>;
  /** When its photos and read code data were deleted (retention or a patient's request, migration 028). */
  photos_deleted_at: Generated<Date | null>;
  /** When its personal fields were emptied (a deleted reception's period over, or a patient's request). */
  personal_data_deleted_at: Generated<Date | null>;
  /** The language its notices are written in (docs/rules.md#every-patient). */
  patient_language: Generated<PatientLanguage>;
  /** When the visitor consented to the use of the photos sent from the public pages (the latest send's). */
  photo_consent_at: Generated<Date | null>;
  /** The receptions of one public send for several people share it (docs/rules.md#family, migration 032). */
  household_id: Generated<string | null>;
}

export interface PhotoRequestTable {
  id: string;
  pharmacy_id: string;
  reception_id: string;
  reason: PhotoRequestReason;
  message: string | null;
  requested_by: string;
  requested_at: Date;
  answered_at: Date | null;
}

export interface PushSubscriptionTable {
  id: string;
  pharmacy_id: string;
  reception_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  expires_at: Date;
  created_at: Date;
}

export interface VisitorMailAddressTable {
  reception_id: string;
  pharmacy_id: string;
  email: string;
  link_base: string;
  expires_at: Date;
  created_at: Date;
}

export interface FileTable {
  id: string;
  pharmacy_id: string;
  content_type: FileContentType;
  byte_size: number;
  /** Null once the bytes live on disk (`on_disk`). */
  data: Uint8Array | null;
  on_disk: Generated<boolean>;
  /** The bytes are in the S3 bucket (FILES_S3_BUCKET), under `<pharmacy_id>/<id>`. */
  in_bucket: Generated<boolean>;
  has_thumbnail: Generated<boolean>;
  /** PostgreSQL only: on the embedded database the thumbnail is on disk beside the file. */
  thumbnail: Uint8Array | null;
  created_at: Date;
  code_symbols: CodeSymbolsColumn;
  /** The counter kiosk that uploaded it; null for people and the public page. */
  uploaded_by_device_id: string | null;
}

/** The QR symbols read from a file when it came in; null when it was not an image the reader takes. */
type CodeSymbolsColumn = JSONColumnType<CodeSymbol[] | null, string | null | undefined, string | null>;

export interface PrescriptionTable {
  id: string;
  pharmacy_id: string;
  reception_id: string;
  source_type: PrescriptionSourceType;
  file_id: string | null;
  exchange_number: string | null;
  created_at: Date;
  code_symbols: CodeSymbolsColumn;
  code_status: ColumnType<CodeReadStatus | null, CodeReadStatus | null | undefined, CodeReadStatus | null>;
  rx: JSONColumnType<Rx | null, string | null | undefined, string | null>;
  medication_record: JSONColumnType<MedicationRecord | null, string | null | undefined, string | null>;
  prescription_copy: JSONColumnType<PrescriptionCopy | null, string | null | undefined, string | null>;
}

export interface ReceptionAuditTable {
  id: string;
  seq: Generated<string>;
  pharmacy_id: string;
  reception_id: string;
  action: HistoryAction;
  actor: string;
  at: Date;
  /** Appended, never changed, but emptied with the reception's personal fields (features/retention). */
  before: JSONColumnType<AuditDetails | null, string | null, null>;
  after: JSONColumnType<AuditDetails | null, string | null, null>;
}

/** What a history entry says was there before and after the change. */
export type AuditDetails = Record<string, unknown>;

/** Settings rows are checked against the contract again when read: one saved by an older version may not fit. */
export interface AppSettingsTable {
  pharmacy_id: string;
  settings: JSONColumnType<AppSettings>;
  updated_at: Date;
}

/** The organisation's own questions, ticket message and follow-up templates; null: the shipped ones. */
export interface OrganizationSettingsTable {
  organization_id: string;
  questions: JSONColumnType<AppSettings["questions"]> | null;
  ticket_message: string | null;
  follow_up_templates: JSONColumnType<FollowUpTemplate[]> | null;
  updated_at: Date;
}

/** A visitor's mail the mail server refused (never to whom). */
export interface MailFailureTable {
  id: string;
  pharmacy_id: string;
  failed_at: Date;
}

export interface BusinessHoursTable {
  pharmacy_id: string;
  hours: JSONColumnType<BusinessHours>;
  updated_at: Date;
}

export interface RetentionPeriodTable {
  pharmacy_id: string;
  kind: RetentionKind;
  days: number;
  updated_at: Date;
}

export interface RateLimitCounterTable {
  key: string;
  hits: number;
  expires_at: Date;
}

export interface Database {
  organizations: OrganizationTable;
  pharmacies: PharmacyTable;
  users: UserTable;
  memberships: MembershipTable;
  organization_admins: OrganizationAdminTable;
  verification_codes: VerificationCodeTable;
  refresh_tokens: RefreshTokenTable;
  auth_throttle: AuthThrottleTable;
  sign_in_addresses: SignInAddressTable;
  public_upload_quota: PublicUploadQuotaTable;
  public_send_keys: PublicSendKeyTable;
  reception_counters: ReceptionCounterTable;
  receptions: ReceptionTable;
  files: FileTable;
  prescriptions: PrescriptionTable;
  reception_audit: ReceptionAuditTable;
  photo_requests: PhotoRequestTable;
  push_subscriptions: PushSubscriptionTable;
  visitor_mail_addresses: VisitorMailAddressTable;
  app_settings: AppSettingsTable;
  business_hours: BusinessHoursTable;
  organization_settings: OrganizationSettingsTable;
  mail_failures: MailFailureTable;
  invitations: InvitationTable;
  devices: DeviceTable;
  recovery_codes: RecoveryCodeTable;
  mfa_challenges: MfaChallengeTable;
  audit_log: AuditLogTable;
  rate_limit_counters: RateLimitCounterTable;
  retention_periods: RetentionPeriodTable;
  care_contacts: CareContactTable;
  care_push_subscriptions: CarePushSubscriptionTable;
  follow_up_templates: FollowUpTemplateTable;
  follow_ups: FollowUpTable;
  refill_reminders: RefillReminderTable;
  line_channels: LineChannelTable;
  line_link_codes: LineLinkCodeTable;
  line_links: LineLinkTable;
  line_webhook_events: LineWebhookEventTable;
  line_outbox: LineOutboxTable;
  line_monthly_counts: LineMonthlyCountTable;
}

export type UserRow = Selectable<UserTable>;
export type MembershipRow = Selectable<MembershipTable>;
export type ReceptionRow = Selectable<ReceptionTable>;
export type PrescriptionRow = Selectable<PrescriptionTable>;
