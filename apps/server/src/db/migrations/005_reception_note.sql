-- A staff note on a reception (「メモ」): free text the pharmacy keeps with it, never shown to the patient.
alter table receptions add column note text;
