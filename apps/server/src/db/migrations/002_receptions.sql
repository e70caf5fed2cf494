-- The last number handed out per branch and business day; the row lock makes numbers gap-free
-- and unique under any concurrency, across processes.
create table reception_counters (
  pharmacy_id uuid not null references pharmacies (id),
  business_date text not null check (business_date ~ '^\d{4}-\d{2}-\d{2}$'),
  last_number integer not null,
  primary key (pharmacy_id, business_date)
);

-- One row per partition: reception 12 split in two is the rows (12, 1) and (12, 2).
create table receptions (
  id uuid primary key,
  pharmacy_id uuid not null references pharmacies (id),
  business_date text not null check (business_date ~ '^\d{4}-\d{2}-\d{2}$'),
  reception_number integer not null,
  partition_number integer not null default 0,
  channel text not null check (channel in ('Paper', 'Web')),
  status text check (status in ('Reviewing', 'Dispensing', 'Completed')),
  answers jsonb not null default '{}'::jsonb,
  patient_name text,
  phone text,
  status_token text unique,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  deleted_at timestamptz
);
create index receptions_day_idx on receptions (pharmacy_id, business_date, reception_number desc, partition_number)
  where deleted_at is null;
create unique index receptions_number_partition_key on receptions (pharmacy_id, business_date, reception_number, partition_number)
  where deleted_at is null;

create table files (
  id uuid primary key,
  pharmacy_id uuid not null references pharmacies (id),
  content_type text not null,
  byte_size integer not null,
  data bytea not null,
  created_at timestamptz not null
);
create index files_pharmacy_id_idx on files (pharmacy_id);

create table prescriptions (
  id uuid primary key,
  pharmacy_id uuid not null references pharmacies (id),
  reception_id uuid not null references receptions (id),
  source_type text not null check (source_type in ('Paper', 'Electronic', 'Refill', 'Line', 'App', 'Fax', 'Others')),
  file_id uuid references files (id),
  exchange_number text,
  created_at timestamptz not null
);
create index prescriptions_reception_id_idx on prescriptions (reception_id);

-- Append-only history of every change to a reception.
create table reception_audit (
  id uuid primary key,
  seq bigint generated always as identity,
  pharmacy_id uuid not null references pharmacies (id),
  reception_id uuid not null references receptions (id),
  action text not null,
  actor text not null,
  at timestamptz not null,
  before jsonb,
  after jsonb
);
create index reception_audit_reception_idx on reception_audit (reception_id, seq);
