import * as z from "./zod.js";

export const ReceptionChannelSchema = z.enum(["Paper", "Web"]);
export type ReceptionChannel = z.infer<typeof ReceptionChannelSchema>;

export const ReceptionStatusSchema = z.enum(["Reviewing", "Dispensing", "Completed"]);
export type ReceptionStatus = z.infer<typeof ReceptionStatusSchema>;

export const PrescriptionFormSchema = z.enum(["Paper", "Electronic", "Forgot", "DoNotHave"]);
export type PrescriptionForm = z.infer<typeof PrescriptionFormSchema>;

export const PrescriptionSourceTypeSchema = z.enum(["Paper", "Electronic", "Refill", "Line", "App", "Fax", "Others"]);
export type PrescriptionSourceType = z.infer<typeof PrescriptionSourceTypeSchema>;

export const ReceiveMethodSchema = z.enum(["Pharmacy", "Locker", "Delivery", "ReturnVisit"]);
export type ReceiveMethod = z.infer<typeof ReceiveMethodSchema>;

export const CategorySchema = z.enum(["Reception"]);
export type Category = z.infer<typeof CategorySchema>;

export const QuestionKeySchema = z.enum([
  "prescriptionType",
  "verifyMethod",
  "firstVisit",
  "questionnaireType",
  "medicineNotebook",
  "genericDrug",
  "leftoverMedicine",
  "receiveMethod",
  "returnDate",
  "returnTimePeriod",
]);
export type QuestionKey = z.infer<typeof QuestionKeySchema>;

export const VerifyMethodSchema = z.enum(["MyNumberCard", "InsuranceCard"]);
export type VerifyMethod = z.infer<typeof VerifyMethodSchema>;

export const QuestionnaireTypeSchema = z.enum(["Paper", "Web"]);
export type QuestionnaireType = z.infer<typeof QuestionnaireTypeSchema>;

export const MedicineNotebookSchema = z.enum(["Paper", "App", "None"]);
export type MedicineNotebook = z.infer<typeof MedicineNotebookSchema>;

export const GenericDrugSchema = z.enum(["Yes", "No", "Consult"]);
export type GenericDrug = z.infer<typeof GenericDrugSchema>;

export const YesNoSchema = z.enum(["yes", "no"]);
export type YesNo = z.infer<typeof YesNoSchema>;
