import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { Tag } from "antd";
import styles from "./rx.module.css";

/**
 * The name the visitor gave, or else the one the prescription's code holds, marked as read from it
 * (in the list, `compact`, the mark goes under the name so a long name keeps it in view).
 */
export function PatientName({ reception, compact = false }: { reception: Reception; compact?: boolean }) {
  if (reception.patientName) return reception.patientName;
  const fromCode = reception.prescriptions.find((prescription) => prescription.rx?.patient.name)?.rx?.patient.name;
  if (!fromCode) return "—";
  return (
    <span
      data-testid="patient-name-from-rx"
      title={`${fromCode}（処方箋のQRコードから読み取り）`}
      className={compact ? styles.nameCompact : undefined}
    >
      <span>{fromCode}</span>{" "}
      <Tag color="blue" className={styles.flag}>
        {compact ? "QR読取" : "処方箋から読み取り"}
      </Tag>
    </span>
  );
}
