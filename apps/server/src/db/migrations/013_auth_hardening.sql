-- A pending account whose owner asked for a new sign-up code has no password: the one given at
-- sign-up may be someone else's, so the confirmation sets the owner's own (issue 20).
alter table users alter column password_hash drop not null;

-- Where a branch's links point without PUBLIC_BASE_URL: the address its staff app was first opened on
-- by a signed-in person (a loopback one gives way once to the first other), never a request's Host.
alter table pharmacies add column link_origin text;
