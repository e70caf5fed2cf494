-- A stored file's bytes: on the embedded database they move to files on disk under DATA_DIR
-- (`on_disk`; `data` then null), so reading them never holds its single connection; on PostgreSQL
-- they stay here and are read in chunks, which `external` storage (no compression, photos do not
-- compress) keeps cheap. A thumbnail is made once at upload (none for PDF and HEIC).
alter table files alter column data drop not null;
alter table files alter column data set storage external;
alter table files add column on_disk boolean not null default false;
alter table files add column has_thumbnail boolean not null default false;
alter table files add column thumbnail bytea;
alter table files add constraint files_bytes_somewhere check (on_disk or data is not null);
