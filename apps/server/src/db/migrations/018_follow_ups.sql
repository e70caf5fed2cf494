-- Continuity of care (SPEC §12): the patient's contact kept with consent for follow-ups, the follow-ups
-- with their questionnaire and answers, each branch's edited templates, and refill/split reminders.

-- One per reception, only with consent; deleted when its last follow-up or reminder closes.
create table care_contacts (
  reception_id uuid primary key references receptions (id),
  pharmacy_id uuid not null references pharmacies (id),
  email text,
  phone text,
  source text not null check (source in ('web', 'staff')),
  consented_at timestamptz not null,
  check (email is not null or phone is not null)
);

-- The status page's push subscriptions, kept for a push follow-up past hand-over (they die with the contact).
create table care_push_subscriptions (
  id uuid primary key,
  reception_id uuid not null references care_contacts (reception_id) on delete cascade,
  endpoint text not null,
  p256dh text not null,
  auth text not null,
  unique (reception_id, endpoint)
);

-- A branch's templates once an admin has saved them (the shipped ones until then).
create table follow_up_templates (
  pharmacy_id uuid primary key references pharmacies (id),
  templates jsonb not null,
  updated_at timestamptz not null
);

create table follow_ups (
  id uuid primary key,
  pharmacy_id uuid not null references pharmacies (id),
  reception_id uuid not null references receptions (id),
  due_on text not null check (due_on ~ '^\d{4}-\d{2}-\d{2}$'),
  template_id text not null,
  template_name text not null,
  -- the template's questions as they were when planned: editing the template never changes a sent questionnaire
  questions jsonb not null,
  channel text not null check (channel in ('email', 'push', 'phone')),
  status text not null check (status in ('scheduled', 'sent', 'answered', 'no_answer', 'closed')),
  -- sha-256 of the patient's link token (the token itself is only in the message)
  token_hash text unique,
  created_by uuid not null references users (id),
  created_by_name text not null,
  created_at timestamptz not null,
  sent_at timestamptz,
  answers jsonb,
  answered_at timestamptz,
  closed_at timestamptz,
  closed_by uuid references users (id),
  closed_by_name text,
  note text,
  findings text,
  proposal text
);
create index follow_ups_pharmacy_due_idx on follow_ups (pharmacy_id, due_on);
create index follow_ups_open_idx on follow_ups (due_on) where status <> 'closed';
create index follow_ups_reception_idx on follow_ups (reception_id);

-- The next dispensing's reminder of a refill or split prescription whose reception has consent.
create table refill_reminders (
  prescription_id uuid primary key references prescriptions (id),
  reception_id uuid not null references receptions (id),
  pharmacy_id uuid not null references pharmacies (id),
  window_from text not null,
  window_to text not null,
  remind_on text not null,
  sent_at timestamptz,
  closed_at timestamptz
);
create index refill_reminders_reception_idx on refill_reminders (reception_id);

alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check check (action in ('reception.created', 'reception.updated', 'reception.deleted', 'reception.opened', 'reception.confirmed', 'abandoned', 'file.uploaded', 'file.opened', 'prescription.moved', 'prescription.deleted', 'settings.updated', 'pharmacy.updated', 'business_hours.updated', 'staff.invited', 'staff.reinvited', 'staff.invitation_cancelled', 'staff.updated', 'staff.joined', 'device.created', 'device.deleted', 'mfa.enabled', 'mfa.disabled', 'sign_in', 'sign_out', 'password.reset', 'care_contact.recorded', 'care_contact.deleted', 'follow_up.planned', 'follow_up.sent', 'follow_up.answered', 'follow_up.no_answer', 'follow_up.updated', 'follow_up.closed', 'follow_up.report_printed', 'follow_up_templates.updated', 'refill_reminder.sent'));
