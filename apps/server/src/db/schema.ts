import type { Generated, JSONColumnType, Kysely, Selectable } from "kysely";
import type { PrescriptionSourceType, ReceptionChannel, ReceptionStatus } from "@pharmacy/contract/enums";
import type { FileContentType } from "@pharmacy/contract/files";
import type { Answers } from "@pharmacy/contract/questions";
import type { HistoryAction } from "@pharmacy/contract/receptions";
import type { AppSettings, BusinessHours } from "@pharmacy/contract/settings";

/** The one typed handle on the database; a transaction is one too, so repositories take either. */
export type Db = Kysely<Database>;

export interface PharmacyTable {
  id: string;
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
}

export interface UserTable {
  id: string;
  email: string;
  password_hash: string;
  pharmacy_id: string;
  confirmed_at: Date | null;
  created_at: Generated<Date>;
}

/** The values the verification_codes.purpose CHECK allows (a test compares the two). */
export const CODE_PURPOSES = ["sign_up", "reset_password"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export interface VerificationCodeTable {
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  expires_at: Date;
  failed_attempts: Generated<number>;
  created_at: Generated<Date>;
}

export interface RefreshTokenTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Generated<Date>;
}

export interface AuthThrottleTable {
  key: string;
  failures: number;
  locked_until: Date | null;
  updated_at: Date;
}

export interface SignInAddressTable {
  user_id: string;
  address: string;
  last_signed_in_at: Date;
}

export interface PublicUploadQuotaTable {
  pharmacy_id: string;
  business_date: string;
  files: number;
  bytes: string | number;
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
  status_token: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

export interface FileTable {
  id: string;
  pharmacy_id: string;
  content_type: FileContentType;
  byte_size: number;
  data: Uint8Array;
  created_at: Date;
}

export interface PrescriptionTable {
  id: string;
  pharmacy_id: string;
  reception_id: string;
  source_type: PrescriptionSourceType;
  file_id: string | null;
  exchange_number: string | null;
  created_at: Date;
}

export interface ReceptionAuditTable {
  id: string;
  seq: Generated<string>;
  pharmacy_id: string;
  reception_id: string;
  action: HistoryAction;
  actor: string;
  at: Date;
  before: JSONColumnType<AuditDetails | null, string | null, never>;
  after: JSONColumnType<AuditDetails | null, string | null, never>;
}

/** What a history entry says was there before and after the change. */
export type AuditDetails = Record<string, unknown>;

/** Settings rows are checked against the contract again when read: one saved by an older version may not fit. */
export interface AppSettingsTable {
  pharmacy_id: string;
  settings: JSONColumnType<AppSettings>;
  updated_at: Date;
}

export interface BusinessHoursTable {
  pharmacy_id: string;
  hours: JSONColumnType<BusinessHours>;
  updated_at: Date;
}

export interface Database {
  pharmacies: PharmacyTable;
  users: UserTable;
  verification_codes: VerificationCodeTable;
  refresh_tokens: RefreshTokenTable;
  auth_throttle: AuthThrottleTable;
  sign_in_addresses: SignInAddressTable;
  public_upload_quota: PublicUploadQuotaTable;
  reception_counters: ReceptionCounterTable;
  receptions: ReceptionTable;
  files: FileTable;
  prescriptions: PrescriptionTable;
  reception_audit: ReceptionAuditTable;
  app_settings: AppSettingsTable;
  business_hours: BusinessHoursTable;
}

export type UserRow = Selectable<UserTable>;
export type ReceptionRow = Selectable<ReceptionTable>;
export type PrescriptionRow = Selectable<PrescriptionTable>;
