-- Reaching patients on LINE (issue 24): a branch's LINE Official Account, the one-time codes that link a
-- LINE user to a reception, the links themselves, the webhook events already handled, and the messages
-- waiting to go out (kept until LINE has accepted them, so a crash or LINE's 429/5xx loses none).
create table line_channels (
  pharmacy_id uuid primary key references pharmacies (id),
  -- both sealed with DATA_ENCRYPTION_KEY (AES-256-GCM, bound to the branch): a backup never holds them in clear
  channel_secret text not null,
  access_token text not null,
  basic_id text not null,
  -- the bot's own user ID: the webhook's `destination`, checked on every request
  bot_user_id text not null,
  display_name text not null,
  monthly_limit integer check (monthly_limit > 0),
  updated_at timestamptz not null
);

-- a code is stored as its hash only, and used once: the first LINE user to send it gets the link
create table line_link_codes (
  code_hash text primary key,
  pharmacy_id uuid not null references pharmacies (id),
  reception_id uuid not null references receptions (id),
  link_base text,
  expires_at timestamptz not null,
  created_at timestamptz not null
);
create index line_link_codes_reception_idx on line_link_codes (reception_id);
create index line_link_codes_expiry_idx on line_link_codes (expires_at);

create table line_links (
  reception_id uuid not null references receptions (id),
  pharmacy_id uuid not null references pharmacies (id),
  line_user_id text not null,
  link_base text,
  -- kept past hand-over for follow-ups and refill reminders the patient consented to (SPEC §12)
  kept_for_care boolean not null default false,
  expires_at timestamptz not null,
  created_at timestamptz not null,
  primary key (reception_id, line_user_id)
);
create index line_links_user_idx on line_links (pharmacy_id, line_user_id);
create index line_links_expiry_idx on line_links (expires_at);

create table line_webhook_events (
  pharmacy_id uuid not null references pharmacies (id),
  webhook_event_id text not null,
  received_at timestamptz not null,
  primary key (pharmacy_id, webhook_event_id)
);
create index line_webhook_events_received_idx on line_webhook_events (received_at);

create table line_outbox (
  -- also the X-Line-Retry-Key of every try: LINE accepts the message once, however often it is sent
  id uuid primary key,
  -- the order messages were queued in (several in one instant keep it): one user's leave in this order
  seq bigint generated always as identity,
  pharmacy_id uuid not null references pharmacies (id),
  line_user_id text not null,
  text text not null,
  state text not null check (state in ('pending', 'sent', 'refused', 'over_quota')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  lease_until timestamptz,
  created_at timestamptz not null,
  sent_at timestamptz
);
create index line_outbox_due_idx on line_outbox (seq) where state = 'pending';
create index line_outbox_user_idx on line_outbox (pharmacy_id, line_user_id, seq) where state = 'pending';
create index line_outbox_sent_idx on line_outbox (pharmacy_id, sent_at);

alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check check (action in ('reception.created', 'reception.updated', 'reception.deleted', 'reception.opened', 'reception.confirmed', 'abandoned', 'file.uploaded', 'file.opened', 'prescription.moved', 'prescription.deleted', 'settings.updated', 'pharmacy.updated', 'business_hours.updated', 'staff.invited', 'staff.reinvited', 'staff.invitation_cancelled', 'staff.updated', 'staff.joined', 'device.created', 'device.deleted', 'mfa.enabled', 'mfa.disabled', 'sign_in', 'sign_out', 'password.reset', 'line.connected', 'line.disconnected'));
