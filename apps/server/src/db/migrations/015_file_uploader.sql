-- The counter kiosk that uploaded a file (null for people and the public page): a kiosk may attach to
-- its reception only a file it uploaded itself, never another reception's by id.
alter table files add column uploaded_by_device_id uuid;
