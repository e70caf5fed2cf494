-- LINE (issue 24), two gaps closed. A branch's LINE messages counted per month in one row, so its monthly limit holds across processes:
-- a message takes its slot in the statement that marks it (`line_outbox.counted_month`), by one
-- conditional upsert (`sent < limit`), before it is sent; a slot LINE refused to fill is given back.
create table line_monthly_counts (
  pharmacy_id uuid not null references pharmacies (id),
  -- the calendar month in Asia/Tokyo, 'YYYY-MM' (LINE counts per calendar month)
  month text not null,
  sent integer not null check (sent >= 0),
  primary key (pharmacy_id, month)
);

-- the month whose slot the message holds; null before its first try and once its slot was given back
alter table line_outbox add column counted_month text;

-- the messages LINE already accepted start the count (Asia/Tokyo has no daylight saving: UTC + 9 hours)
insert into line_monthly_counts (pharmacy_id, month, sent)
select pharmacy_id, to_char((sent_at at time zone 'UTC') + interval '9 hours', 'YYYY-MM'), count(*)
from line_outbox
where state = 'sent' and sent_at is not null
group by 1, 2;

-- A follow-up may be sent on LINE alone: a patient linked on LINE who keeps no e-mail gets the
-- questionnaire's link there (the check lists FollowUpChannelSchema, as 018 did).
alter table follow_ups drop constraint follow_ups_channel_check;
alter table follow_ups add constraint follow_ups_channel_check check (channel in ('email', 'push', 'line', 'phone'));
