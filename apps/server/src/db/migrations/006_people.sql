-- People, roles and devices (SPEC §7).

-- Each person of a branch: the one who signed it up is its first admin; others are invited.
alter table users add column name text not null default '';
alter table users add column role text not null default 'admin' check (role in ('admin', 'staff'));
alter table users add column invited_at timestamptz;
alter table users add column disabled_at timestamptz;
alter table users add column last_sign_in_at timestamptz;
-- Two-factor sign-in: the secret being set up, the enabled one, and the last time step a code was
-- accepted for (a code works once).
alter table users add column mfa_pending_secret text;
alter table users add column mfa_secret text;
alter table users add column mfa_last_step bigint;

-- A session is one refresh token (or one device): its id travels in the id token as `sid`, so that
-- ending it ends every id token issued from it.
alter table refresh_tokens add column session_id uuid not null default gen_random_uuid();
create unique index refresh_tokens_session_id_key on refresh_tokens (session_id);
create index refresh_tokens_revoked_at_idx on refresh_tokens (revoked_at) where revoked_at is not null;

-- One live invitation per invited person; accepting it deletes it (single use).
create table invitations (
  token_hash text primary key,
  user_id uuid not null unique references users (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null
);

-- Counter kiosks and calling boards. Their token is their refresh token; a deleted device is kept
-- (deleted_at) so that its ended session is known to every process that starts within the hour.
create table devices (
  id uuid primary key,
  pharmacy_id uuid not null references pharmacies (id),
  kind text not null check (kind in ('counter', 'display')),
  name text not null,
  token_hash text not null unique,
  created_at timestamptz not null,
  last_seen_at timestamptz,
  deleted_at timestamptz
);
create index devices_pharmacy_id_idx on devices (pharmacy_id) where deleted_at is null;

-- Ten single-use recovery codes per person with two-factor sign-in, stored hashed.
create table recovery_codes (
  user_id uuid not null references users (id) on delete cascade,
  code_hash text not null,
  primary key (user_id, code_hash)
);

-- The step between a correct password and the code: 5 minutes, 5 tries.
create table mfa_challenges (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  failed_attempts integer not null default 0
);

-- A counter reception is unconfirmed until the patient confirms it; the ones before this existed were.
alter table receptions add column confirmed_at timestamptz;
update receptions set confirmed_at = created_at;
alter table receptions add column device_id uuid references devices (id);
create index receptions_unconfirmed_idx on receptions (created_at) where confirmed_at is null and deleted_at is null;

-- Who did what: every change, and every opening of a reception or its files.
create table audit_log (
  id uuid primary key,
  seq bigint generated always as identity,
  pharmacy_id uuid not null references pharmacies (id),
  at timestamptz not null,
  actor_type text not null check (actor_type in ('user', 'device', 'patient', 'system')),
  actor_id uuid,
  actor_name text,
  action text not null check (action in ('reception.created', 'reception.updated', 'reception.deleted', 'reception.opened', 'reception.confirmed', 'abandoned', 'file.uploaded', 'file.opened', 'prescription.moved', 'prescription.deleted', 'settings.updated', 'pharmacy.updated', 'business_hours.updated', 'staff.invited', 'staff.updated', 'staff.joined', 'device.created', 'device.deleted', 'mfa.enabled', 'mfa.disabled', 'sign_in', 'sign_out', 'password.reset')),
  target_type text,
  target_id text,
  detail text
);
create index audit_log_pharmacy_at_idx on audit_log (pharmacy_id, at, seq);
