-- Reports (SPEC §10) count a branch's abandoned receptions per business day: deleted rows, which the
-- day-list index (live rows only) leaves out.
create index receptions_deleted_day_idx on receptions (pharmacy_id, business_date) where deleted_at is not null;
