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

export interface Database {
  pharmacies: PharmacyTable;
  users: UserTable;
  verification_codes: VerificationCodeTable;
  refresh_tokens: RefreshTokenTable;
  auth_throttle: AuthThrottleTable;
}

export type UserRow = Selectable<UserTable>;
export type NewPharmacy = Insertable<PharmacyTable>;
