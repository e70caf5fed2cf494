-- A web reception's Idempotency-Key: the page makes one per form fill and sends it with every try, so
-- a send whose answer never reached the phone, sent again, answers the same reception instead of a
-- second one. The primary key is what makes two sends at once with one key make one reception: the
-- second's insert waits for the first's transaction and then conflicts. A key counts for 24 hours
-- (the lookups' time condition); the branch's expired keys are deleted when it takes a new one.
create table public_send_keys (
  pharmacy_id uuid not null references pharmacies (id) on delete cascade,
  send_key uuid not null,
  reception_id uuid not null references receptions (id) on delete cascade,
  created_at timestamptz not null,
  primary key (pharmacy_id, send_key)
);
create index public_send_keys_age_idx on public_send_keys (pharmacy_id, created_at);
