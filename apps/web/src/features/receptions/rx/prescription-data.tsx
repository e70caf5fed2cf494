import type { Prescription } from "@pharmacy/contract/receptions";
import { Flex, Typography } from "antd";
import { RxPanel } from "./rx-panel";
import styles from "./rx.module.css";

interface PrescriptionDataProps {
  prescriptions: readonly Prescription[];
  today: string;
}

/** 「処方内容」: what the prescriptions' 2D codes hold, one panel per prescription read; nothing when none was. */
export function PrescriptionData({ prescriptions, today }: PrescriptionDataProps) {
  const read = prescriptions.flatMap((prescription, index) => (prescription.rx ? [{ rx: prescription.rx, index, id: prescription.prescriptionId }] : []));
  if (read.length === 0) return null;
  return (
    <section aria-labelledby="detail-rx">
      <Typography.Title level={2} id="detail-rx" className={styles.heading}>
        処方内容
      </Typography.Title>
      <Flex vertical gap={12}>
        {read.map(({ rx, index, id }) => (
          <RxPanel key={id} rx={rx} name={`処方箋 ${index + 1}`} today={today} />
        ))}
      </Flex>
    </section>
  );
}
