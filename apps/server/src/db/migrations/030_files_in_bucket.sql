-- A file's bytes may live in an S3-compatible bucket (FILES_S3_BUCKET), under `<branch id>/<file id>`
-- and `<branch id>/<file id>.thumb.jpg`: each row says where its bytes are, so photos kept in the
-- database or a files folder before the bucket was set keep opening from there.
alter table files add column in_bucket boolean not null default false;
alter table files drop constraint files_bytes_somewhere;
alter table files add constraint files_bytes_somewhere check (on_disk or in_bucket or data is not null);
alter table files add constraint files_bytes_in_one_place check (not (on_disk and in_bucket));
