-- 「家族の分もまとめて」 (docs/rules.md#family): the receptions one public send made for several people
-- share a household id, made by the server in that send's transaction. No table of its own: a household
-- is nothing but the receptions that carry its id, and goes when they go.
alter table receptions add column household_id uuid;
create index receptions_household_idx on receptions (pharmacy_id, household_id) where household_id is not null;
