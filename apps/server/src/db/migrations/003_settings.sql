-- One row per branch once it saves its settings; until then the contract's defaults apply.
create table app_settings (
  pharmacy_id uuid primary key references pharmacies (id),
  settings jsonb not null,
  updated_at timestamptz not null
);

create table business_hours (
  pharmacy_id uuid primary key references pharmacies (id),
  hours jsonb not null,
  updated_at timestamptz not null
);
