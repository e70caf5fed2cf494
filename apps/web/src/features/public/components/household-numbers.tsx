import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import type { ReceptionStatus } from "@pharmacy/contract/shared/enums";
import { message } from "../../../lib/i18n/message";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { patientStatusOf } from "../labels";
import styles from "./family.module.css";

export interface HouseholdNumber {
  receptionNumber: number;
  partitionNumber?: number;
  /** Known on the thank-you page of the phone that sent it. */
  patientName?: string;
  /** On the status page: where that person's medicine is. */
  status?: ReceptionStatus | null;
  handedOverAt?: string;
}

/**
 * The household's other numbers (docs/rules.md#family), under the number of the page: every link of a
 * household shows them all, each with the person's name on the sending phone and its status on the status page.
 */
export function HouseholdNumbers({ numbers }: { numbers: readonly HouseholdNumber[] }) {
  const { r, m } = usePatientText();
  if (numbers.length === 0) return null;
  return (
    <>
      <p className={styles.numbersTitle}>{r("family.numbersTitle")}</p>
      <ul className={styles.numbers} data-testid="household-numbers">
        {numbers.map((other) => (
          <li key={`${other.receptionNumber}-${other.partitionNumber ?? 0}`} className={styles.numberRow}>
            <span>
              <span className={styles.numberValue} data-testid="household-number">
                {formatReceptionNumber(other.receptionNumber, other.partitionNumber ?? 0)}
              </span>
              {other.patientName && <span> {other.patientName}</span>}
            </span>
            {other.status !== undefined && (
              <span>
                {m(other.handedOverAt ? message("status.handedOverTitle") : patientStatusOf(other.status, false).title)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
