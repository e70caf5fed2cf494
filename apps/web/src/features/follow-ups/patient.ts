import type { Reception } from "@pharmacy/contract/receptions/receptions";

/** The patient's name as staff call them: the one typed on the form, else the prescription's code's, else a placeholder. */
export function patientNameOf(reception: Pick<Reception, "patientName" | "prescriptions">): string {
  const fromCode = reception.prescriptions.find((prescription) => prescription.rx?.patient.name)?.rx?.patient.name;
  return reception.patientName || fromCode || "お名前未登録";
}
