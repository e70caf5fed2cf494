import type { Generated } from "kysely";
import type { PersonRole } from "@pharmacy/contract/auth/roles";

/** The tables of people and their sign-in: accounts, memberships, codes, sessions, two-factor and throttles. */

export interface UserTable {
  id: string;
  email: string;
  /** Null for a pending account whose sign-up code was resent: its confirmation sets the password. */
  password_hash: string | null;
  confirmed_at: Date | null;
  created_at: Generated<Date>;
  name: Generated<string>;
  last_sign_in_at: Date | null;
  mfa_pending_secret: string | null;
  mfa_secret: string | null;
  mfa_last_step: string | number | null;
}

/** A person's place in a branch: their role there; invited until joined; disabled there alone. */
export interface MembershipTable {
  user_id: string;
  pharmacy_id: string;
  role: PersonRole;
  invited_at: Date | null;
  joined_at: Date | null;
  disabled_at: Date | null;
  created_at: Generated<Date>;
}

/** 本部管理者: the people who run an organisation (add branches, see every branch's day). */
export interface OrganizationAdminTable {
  organization_id: string;
  user_id: string;
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
  session_id: Generated<string>;
  /** The branch the session is on (switching branches starts a new session). */
  pharmacy_id: string;
}

export interface InvitationTable {
  token_hash: string;
  user_id: string;
  pharmacy_id: string;
  expires_at: Date;
  created_at: Date;
}

export interface RecoveryCodeTable {
  user_id: string;
  code_hash: string;
}

export interface MfaChallengeTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  failed_attempts: Generated<number>;
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
