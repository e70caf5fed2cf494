-- The language the patient reads (docs/rules.md#every-patient): a BCP 47 tag from the contract's list
-- (packages/contract/src/shared/languages.ts), taken from the web form's or the counter kiosk's
-- Accept-Language. The notices sent about the reception are written in it. Receptions made before are
-- Japanese ones. No check constraint: adding a language to the list must not need a migration.
alter table receptions add column patient_language text not null default 'ja';
