-- A status link's token is no longer stored in clear: lookups go by its hash (sha256, base64url, as
-- `src/lib/token-hash.ts`), and the token itself is kept sealed (SecretBox, bound to the reception)
-- only to build the links sent later. Existing links keep working: their hash is computed here; the
-- sealing needs the data key, so a starting server seals the clear tokens and empties `status_token`
-- (receptions/status-tokens.ts). The emptied column is dropped by a later migration.
alter table receptions add column status_token_hash text;
alter table receptions add column status_token_sealed text;
update receptions
set status_token_hash = translate(rtrim(encode(sha256(convert_to(status_token, 'UTF8')), 'base64'), '='), '+/', '-_')
where status_token is not null;
create unique index receptions_status_token_hash_key on receptions (status_token_hash);
