-- The patient's wait (SPEC §8): when a reception was Completed (the pace of the wait estimate and the
-- reports), called on the display and handed over (off the display).
alter table receptions add column completed_at timestamptz;
alter table receptions add column called_at timestamptz;
alter table receptions add column handed_over_at timestamptz;
-- the board and the estimate read a day's unfinished and recently finished receptions
create index receptions_completed_idx on receptions (pharmacy_id, completed_at) where deleted_at is null and completed_at is not null;

-- Staff asking the visitor for new photos; the latest one per reception is the one shown.
create table photo_requests (
  id uuid primary key,
  pharmacy_id uuid not null references pharmacies (id),
  reception_id uuid not null references receptions (id),
  reason text not null check (reason in ('Blurry', 'CutOff', 'Glare', 'WrongDocument', 'Other')),
  message text,
  requested_by text not null,
  requested_at timestamptz not null,
  answered_at timestamptz
);
create index photo_requests_reception_idx on photo_requests (reception_id, requested_at desc);
create index photo_requests_pharmacy_idx on photo_requests (pharmacy_id, requested_at);

-- A visitor's Web Push subscription for one reception; it ends with the business day or on 404/410.
create table push_subscriptions (
  id uuid primary key,
  pharmacy_id uuid not null references pharmacies (id),
  reception_id uuid not null references receptions (id),
  endpoint text not null,
  p256dh text not null,
  auth text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null,
  unique (reception_id, endpoint)
);
