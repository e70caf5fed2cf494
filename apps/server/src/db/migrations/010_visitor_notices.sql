-- Telling the visitor (SPEC §8): an optional e-mail address given on the web form gets the same messages
-- as a Web Push subscription, and like one it is kept only until the end of the reception's business day.
create table visitor_mail_addresses (
  reception_id uuid primary key references receptions (id),
  pharmacy_id uuid not null references pharmacies (id),
  email text not null,
  -- the address the visitor sent the form from (or PUBLIC_BASE_URL): the mail's link to the status page
  link_base text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null
);
create index visitor_mail_addresses_expiry_idx on visitor_mail_addresses (expires_at);
create index push_subscriptions_expiry_idx on push_subscriptions (expires_at);
