import type { Prescription } from "@pharmacy/contract/receptions/receptions";
import type { BusinessHours } from "@pharmacy/contract/settings/settings";
import { Flex, Typography } from "antd";
import { Fragment } from "react";
import { MedicationRecordPanel } from "./medication-record-panel";
import { PrescriptionCopyPanel } from "./prescription-copy-panel";
import { RxPanel } from "./rx-panel";
import styles from "./rx.module.css";

interface PrescriptionDataProps {
  prescriptions: readonly Prescription[];
  today: string;
  /** The day the medicine was dispensed (see RxPanel); the next dispensing is shown only with it. */
  dispensedOn?: string;
  /** The branch's hours, to flag the next dispensing's closed days. */
  hours?: BusinessHours;
}

/**
 * 「処方内容」: what the photos' 2D codes hold, a panel for each code read (a prescription, an お薬手帳
 * record, an e-prescription's 控え); nothing when none was.
 */
export function PrescriptionData({ prescriptions, today, dispensedOn, hours }: PrescriptionDataProps) {
  const read = prescriptions
    .map((prescription, index) => ({ prescription, name: `処方箋 ${index + 1}` }))
    .filter(({ prescription }) => prescription.rx ?? prescription.medicationRecord ?? prescription.prescriptionCopy);
  if (read.length === 0) return null;
  return (
    <section aria-labelledby="detail-rx">
      <Typography.Title level={2} id="detail-rx" className={styles.heading}>
        処方内容
      </Typography.Title>
      <Flex vertical gap={12}>
        {read.map(({ prescription, name }) => (
          <Fragment key={prescription.prescriptionId}>
            {prescription.rx && (
              <RxPanel rx={prescription.rx} name={name} today={today} dispensedOn={dispensedOn} hours={hours} />
            )}
            {prescription.prescriptionCopy && (
              <PrescriptionCopyPanel copy={prescription.prescriptionCopy} name={name} />
            )}
            {prescription.medicationRecord && (
              <MedicationRecordPanel record={prescription.medicationRecord} name={name} />
            )}
          </Fragment>
        ))}
      </Flex>
    </section>
  );
}
