import { boardNumberText, type BoardNumber } from "@pharmacy/contract/display/display";
import type { CSSProperties } from "react";
import { boardDayText, numberWidthEm } from "../number-width";
import styles from "./display-page.module.css";

/**
 * One number as the waiting room reads it: 12, or 12 with a smaller 「-2」 for a split reception, and
 * an earlier day's number that today also uses with its smaller 「26日」 before it; drawn smaller only
 * where it would not fit.
 */
export function BoardNumberCell({ number, className }: { number: BoardNumber; className?: string }) {
  const day = boardDayText(number);
  return (
    <li className={className} data-board-number={boardNumberText(number)}>
      <span className={styles.number} style={{ "--number-width": numberWidthEm(number) } as CSSProperties}>
        {day && <span className={styles.day}>{day}</span>}
        {number.receptionNumber}
        {number.partitionNumber > 0 && <span className={styles.partition}>-{number.partitionNumber}</span>}
      </span>
    </li>
  );
}
