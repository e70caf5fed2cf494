import type { Generated, Insertable, Selectable } from "kysely";

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

export type CodePurpose = "sign_up" | "reset_password";

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
  channel: string;
  status: string | null;
  answers: Record<string, string>;
  patient_name: string | null;
  phone: string | null;
  status_token: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

export interface FileTable {
  id: string;
  pharmacy_id: string;
  content_type: string;
  byte_size: number;
  data: Uint8Array;
  created_at: Date;
}

export interface PrescriptionTable {
  id: string;
  pharmacy_id: string;
  reception_id: string;
  source_type: string;
  file_id: string | null;
  exchange_number: string | null;
  created_at: Date;
}

export interface ReceptionAuditTable {
  id: string;
  seq: Generated<string>;
  pharmacy_id: string;
  reception_id: string;
  action: string;
  actor: string;
  at: Date;
  before: unknown;
  after: unknown;
}

export interface AppSettingsTable {
  pharmacy_id: string;
  settings: unknown;
  updated_at: Date;
}

export interface BusinessHoursTable {
  pharmacy_id: string;
  hours: unknown;
  updated_at: Date;
}

export interface Database {
  pharmacies: PharmacyTable;
  users: UserTable;
  verification_codes: VerificationCodeTable;
  refresh_tokens: RefreshTokenTable;
  auth_throttle: AuthThrottleTable;
  reception_counters: ReceptionCounterTable;
  receptions: ReceptionTable;
  files: FileTable;
  prescriptions: PrescriptionTable;
  reception_audit: ReceptionAuditTable;
  app_settings: AppSettingsTable;
  business_hours: BusinessHoursTable;
}

export type UserRow = Selectable<UserTable>;
export type NewPharmacy = Insertable<PharmacyTable>;
export type ReceptionRow = Selectable<ReceptionTable>;
export type PrescriptionRow = Selectable<PrescriptionTable>;
