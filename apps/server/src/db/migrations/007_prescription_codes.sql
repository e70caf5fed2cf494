-- The 2D codes read from an uploaded file when it came in (null: not an image the reader takes):
-- [{bytes (base64), index, size, id}] per QR symbol, structured-append position included.
alter table files add column code_symbols jsonb;

-- What reading gave for a prescription's photo, and the prescription parsed from the joined symbols
-- (the JAHIS payload is personal health data: kept here like the photo, never logged).
alter table prescriptions add column code_symbols jsonb;
alter table prescriptions add column code_status text check (code_status in ('read', 'incomplete', 'unreadable', 'none'));
alter table prescriptions add column rx jsonb;
