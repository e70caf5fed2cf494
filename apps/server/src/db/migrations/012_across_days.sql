-- Across days (SPEC §11): today's list carries every earlier reception not yet handed over (unfinished,
-- or ready from its pickup day on), the calling board shows them and pickups are looked up among them.
-- Live rows not handed over are a few days' worth whatever the history, so these reads stay small.
create index receptions_open_idx on receptions (pharmacy_id, business_date) where deleted_at is null and handed_over_at is null;
