-- A chain: organisations hold branches; a person belongs to branches through memberships
-- (docs/rules.md#organisations). Every existing branch becomes an organisation of one, every person
-- keeps their branch and role as one membership, every session its branch: nothing is lost and every
-- token, link, device and status page keeps working.

create table organizations (
  id uuid primary key,
  name text not null default '',
  created_at timestamptz not null default now()
);

alter table pharmacies add column organization_id uuid references organizations (id);
-- the branch's own id names its organisation of one: the backfill needs no mapping table
insert into organizations (id, name, created_at) select id, name, created_at from pharmacies;
update pharmacies set organization_id = id;
alter table pharmacies alter column organization_id set not null;
create index pharmacies_organization_id_idx on pharmacies (organization_id, created_at);

-- A person's place in a branch: their role there, invited until they join, disabled there alone.
create table memberships (
  user_id uuid not null references users (id) on delete cascade,
  pharmacy_id uuid not null references pharmacies (id),
  role text not null check (role in ('admin', 'staff')),
  invited_at timestamptz,
  joined_at timestamptz,
  disabled_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (user_id, pharmacy_id)
);
create index memberships_pharmacy_id_idx on memberships (pharmacy_id, created_at);
-- a person who signed up joined when their account was made; an invited one when they confirmed
insert into memberships (user_id, pharmacy_id, role, invited_at, joined_at, disabled_at, created_at)
select id, pharmacy_id, role, invited_at, case when invited_at is null then created_at else confirmed_at end,
       disabled_at, created_at
from users;

-- 本部管理者: the organisation's admins. Each branch's admins run its organisation of one.
create table organization_admins (
  organization_id uuid not null references organizations (id),
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (organization_id, user_id)
);
create index organization_admins_user_id_idx on organization_admins (user_id);
insert into organization_admins (organization_id, user_id, created_at)
select pharmacy_id, id, created_at from users where role = 'admin' and disabled_at is null;

-- A session is on one branch: switching issues a new session there.
alter table refresh_tokens add column pharmacy_id uuid references pharmacies (id);
update refresh_tokens set pharmacy_id = users.pharmacy_id from users where users.id = refresh_tokens.user_id;
alter table refresh_tokens alter column pharmacy_id set not null;

-- An invitation is to one branch (its membership holds the role): an existing account may be invited to several.
alter table invitations add column pharmacy_id uuid references pharmacies (id);
update invitations set pharmacy_id = users.pharmacy_id from users where users.id = invitations.user_id;
alter table invitations alter column pharmacy_id set not null;
alter table invitations drop constraint invitations_user_id_key;
create unique index invitations_user_branch_key on invitations (user_id, pharmacy_id);

drop index users_pharmacy_id_idx;
alter table users drop column pharmacy_id;
alter table users drop column role;
alter table users drop column invited_at;
alter table users drop column disabled_at;

alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check check (action in ('reception.created', 'reception.updated', 'reception.deleted', 'reception.opened', 'reception.confirmed', 'abandoned', 'file.uploaded', 'file.opened', 'prescription.moved', 'prescription.deleted', 'settings.updated', 'pharmacy.updated', 'business_hours.updated', 'staff.invited', 'staff.reinvited', 'staff.invitation_cancelled', 'staff.updated', 'staff.joined', 'device.created', 'device.deleted', 'mfa.enabled', 'mfa.disabled', 'sign_in', 'sign_out', 'password.reset', 'care_contact.recorded', 'care_contact.deleted', 'follow_up.planned', 'follow_up.sent', 'follow_up.answered', 'follow_up.no_answer', 'follow_up.updated', 'follow_up.closed', 'follow_up.report_printed', 'follow_up_templates.updated', 'refill_reminder.sent', 'line.connected', 'line.disconnected', 'branch.created', 'branch.switched'));
