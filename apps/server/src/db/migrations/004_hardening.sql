-- Addresses each user has signed in from: a correct password from one of them still gets in while
-- the account or the address is locked, so a lock cannot be used to shut a pharmacy out.
create table sign_in_addresses (
  user_id uuid not null references users (id) on delete cascade,
  address text not null,
  last_signed_in_at timestamptz not null,
  primary key (user_id, address)
);

-- Photos each branch received from its public page per business day, against its daily quota.
create table public_upload_quota (
  pharmacy_id uuid not null references pharmacies (id) on delete cascade,
  business_date date not null,
  files integer not null,
  bytes bigint not null,
  primary key (pharmacy_id, business_date)
);
