create table pharmacies (
  id uuid primary key,
  name text not null default '',
  postal_code text not null default '',
  address text not null default '',
  phone text not null default '',
  fax text,
  notice text,
  reception_start_number integer not null default 1
    check (reception_start_number between 1 and 9999),
  web_questionnaire_url text,
  public_slug text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table users (
  id uuid primary key,
  email text not null unique,
  password_hash text not null,
  pharmacy_id uuid not null references pharmacies (id),
  confirmed_at timestamptz,
  created_at timestamptz not null default now()
);
create index users_pharmacy_id_idx on users (pharmacy_id);

-- At most one live code per user and purpose: issuing a new one replaces the old.
create table verification_codes (
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('sign_up', 'reset_password')),
  code_hash text not null,
  expires_at timestamptz not null,
  failed_attempts integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (user_id, purpose)
);

create table refresh_tokens (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_user_id_idx on refresh_tokens (user_id);

-- Failed sign-in and code attempts, keyed by account ('account:<email>') or client ('ip:<address>').
create table auth_throttle (
  key text primary key,
  failures integer not null,
  locked_until timestamptz,
  updated_at timestamptz not null
);
