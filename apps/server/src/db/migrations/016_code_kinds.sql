-- SPEC §13: besides a prescription's JAHIS code, a photo may carry an お薬手帳 code (the patient's
-- medication record) or an e-prescription's 控え (its 引換番号 goes to exchange_number). Personal
-- health data, kept like rx.
alter table prescriptions add column medication_record jsonb;
alter table prescriptions add column prescription_copy jsonb;
