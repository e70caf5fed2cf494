import type { BoardNumber } from "@pharmacy/contract/display";
import styles from "./display-page.module.css";

/** One number as the waiting room reads it: 12, or 12 with a smaller 「-2」 for a split reception. */
export function BoardNumberCell({ number, className }: { number: BoardNumber; className?: string }) {
  return (
    <li className={className} data-board-number={number.partitionNumber > 0 ? `${number.receptionNumber}-${number.partitionNumber}` : number.receptionNumber}>
      <span className={styles.digits}>{number.receptionNumber}</span>
      {number.partitionNumber > 0 && <span className={styles.partition}>-{number.partitionNumber}</span>}
    </li>
  );
}
