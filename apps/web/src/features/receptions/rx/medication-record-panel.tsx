import type { MedicationRecord } from "@pharmacy/contract/files/medication-record";
import { Empty, Flex, Typography } from "antd";
import { formatRxDate } from "./rx-format";
import styles from "./rx.module.css";

interface MedicationRecordPanelProps {
  record: MedicationRecord;
  /** Which photo of the reception it was read from (「処方箋 2」). */
  name: string;
}

/** 「お薬手帳（QRコードから読み取り）」: what else the patient takes, each dispensing with its medicines (docs/rules.md#every-code-a-patient-brings). */
export function MedicationRecordPanel({ record, name }: MedicationRecordPanelProps) {
  return (
    <article className={styles.panel} aria-label={`${name}のお薬手帳`} data-testid="medication-record-panel">
      <Flex align="center" gap={12} wrap className={styles.panelHeader}>
        <Typography.Text strong>お薬手帳（QRコードから読み取り）</Typography.Text>
        <span className={styles.sub}>{name}</span>
      </Flex>
      {record.entries.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="調剤の記録がありません" />
      )}
      <ol className={styles.rps} aria-label="調剤の記録">
        {record.entries.map((entry, index) => (
          <li key={index} className={styles.rp}>
            <Flex align="baseline" gap={8} wrap className={styles.rpHeader}>
              <span className={styles.rpNumber}>{`${formatRxDate(entry.dispensedOn)}調剤`}</span>
              <span>{entry.pharmacy || "薬局名なし"}</span>
            </Flex>
            <ul className={styles.drugs}>
              {entry.drugs.map((drug, drugIndex) => (
                <li key={drugIndex} className={styles.drug}>
                  <span className={styles.drugName}>{drug.name}</span>
                  <span className={styles.amount}>{drug.amount ? `${drug.amount}${drug.unit}` : "—"}</span>
                  {(drug.usage || drug.days !== null) && (
                    <span className={styles.drugNotes}>
                      {[drug.usage, drug.days !== null && `${drug.days}日分`].filter(Boolean).join("　")}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </article>
  );
}
