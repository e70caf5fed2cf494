-- The chain's day and the organisation's settings (docs/rules.md#organisations).

-- The questions, the ticket message and the follow-up templates defined once for the organisation by its
-- admin; a null column is the product's shipped version. A branch uses them until it keeps its own: its
-- settings say so for the questions and the ticket message (settings saved before this migration are the
-- branch's own), a row of follow_up_templates for the templates.
create table organization_settings (
  organization_id uuid primary key references organizations (id),
  questions jsonb,
  ticket_message text,
  follow_up_templates jsonb,
  updated_at timestamptz not null
);

-- A visitor's mail (a milestone, a follow-up, a refill reminder) the mail server refused: when and whose,
-- never to whom, so the 本部 screen counts a branch's failed notices. Kept 31 days.
create table mail_failures (
  id uuid primary key,
  pharmacy_id uuid not null references pharmacies (id),
  failed_at timestamptz not null
);
create index mail_failures_pharmacy_id_idx on mail_failures (pharmacy_id, failed_at);

-- The organisation's admin changing those settings is recorded (in the log of the branch they are on).
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check check (action in ('reception.created', 'reception.updated', 'reception.deleted', 'reception.opened', 'reception.confirmed', 'abandoned', 'file.uploaded', 'file.opened', 'prescription.moved', 'prescription.deleted', 'settings.updated', 'pharmacy.updated', 'business_hours.updated', 'staff.invited', 'staff.reinvited', 'staff.invitation_cancelled', 'staff.updated', 'staff.joined', 'device.created', 'device.deleted', 'mfa.enabled', 'mfa.disabled', 'sign_in', 'sign_out', 'password.reset', 'care_contact.recorded', 'care_contact.deleted', 'follow_up.planned', 'follow_up.sent', 'follow_up.answered', 'follow_up.no_answer', 'follow_up.updated', 'follow_up.closed', 'follow_up.report_printed', 'follow_up_templates.updated', 'refill_reminder.sent', 'line.connected', 'line.disconnected', 'branch.created', 'branch.switched', 'retention.updated', 'retention.swept', 'patient_data.exported', 'patient_data.contacts_deleted', 'patient_data.photos_deleted', 'patient_data.reception_deleted', 'organization_settings.updated'));
