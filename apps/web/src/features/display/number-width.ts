import type { BoardNumber } from "@pharmacy/contract/display";

/** A bold digit is at most this wide, in ems (DejaVu Sans Bold 0.70, Noto Sans JP Bold 0.57). */
const DIGIT_EM = 0.7;
/** The partition 「-2」 is drawn at this share of the number's size. */
export const PARTITION_SCALE = 0.55;

/**
 * How wide the number is drawn, in ems of its size: a cell narrower than that draws it smaller
 * (display-page.module.css), so 「123-2」 fits where 「12」 is drawn at full size.
 */
export function numberWidthEm(number: BoardNumber): number {
  const partition = number.partitionNumber > 0 ? (String(number.partitionNumber).length + 1) * PARTITION_SCALE : 0;
  return (String(number.receptionNumber).length + partition) * DIGIT_EM;
}
