-- When the visitor consented to the use of the prescription photos they sent from the public pages
-- (docs/rules.md#notice-and-consent): the web send's, or the latest photo re-send's. Null without photos.
alter table receptions add column photo_consent_at timestamptz;
