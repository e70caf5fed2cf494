-- Records kept and deleted (docs/rules.md#records-kept-and-deleted): each branch's retention periods,
-- when a reception's photos and its personal fields were deleted, and the audit actions of both.
create table retention_periods (
  pharmacy_id uuid not null references pharmacies (id),
  kind text not null check (kind in ('handedOverPhotos', 'deletedReceptions', 'contacts', 'followUps', 'auditLog')),
  days integer not null check (days >= 0),
  updated_at timestamptz not null,
  primary key (pharmacy_id, kind)
);

alter table receptions add column photos_deleted_at timestamptz;
alter table receptions add column personal_data_deleted_at timestamptz;
-- what the sweep looks for: handed over with photos still kept, deleted with personal fields still kept
create index receptions_photos_kept_idx on receptions (pharmacy_id, handed_over_at)
  where handed_over_at is not null and photos_deleted_at is null;
create index receptions_deleted_kept_idx on receptions (pharmacy_id, deleted_at)
  where deleted_at is not null and personal_data_deleted_at is null;
create index reception_audit_pharmacy_at_idx on reception_audit (pharmacy_id, at);

alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check check (action in ('reception.created', 'reception.updated', 'reception.deleted', 'reception.opened', 'reception.confirmed', 'abandoned', 'file.uploaded', 'file.opened', 'prescription.moved', 'prescription.deleted', 'settings.updated', 'pharmacy.updated', 'business_hours.updated', 'staff.invited', 'staff.reinvited', 'staff.invitation_cancelled', 'staff.updated', 'staff.joined', 'device.created', 'device.deleted', 'mfa.enabled', 'mfa.disabled', 'sign_in', 'sign_out', 'password.reset', 'care_contact.recorded', 'care_contact.deleted', 'follow_up.planned', 'follow_up.sent', 'follow_up.answered', 'follow_up.no_answer', 'follow_up.updated', 'follow_up.closed', 'follow_up.report_printed', 'follow_up_templates.updated', 'refill_reminder.sent', 'line.connected', 'line.disconnected', 'branch.created', 'branch.switched', 'retention.updated', 'retention.swept', 'patient_data.exported', 'patient_data.contacts_deleted', 'patient_data.photos_deleted', 'patient_data.reception_deleted'));
