-- A LINE message names the reception it is about: a patient's export (GET /api/reception/{id}/export)
-- finds its messages after hand-over, when the LINE link that led to them is gone, and never shows the
-- messages of another reception of the same LINE user. Messages queued before this migration have none:
-- the export finds them through the reception's links as before.
alter table line_outbox add column reception_id uuid;
create index line_outbox_reception_idx on line_outbox (reception_id) where reception_id is not null;
