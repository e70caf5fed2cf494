import { boardNumberText, type BoardNumber } from "@pharmacy/contract/display/display";

/** A bold digit is at most this wide, in ems (DejaVu Sans Bold 0.70, Noto Sans JP Bold 0.57). */
const DIGIT_EM = 0.7;
/** 「日」 is a full-width character: one em. */
const KANJI_EM = 1;
/** The partition 「-2」 is drawn at this share of the number's size. */
export const PARTITION_SCALE = 0.55;
/** An earlier day's 「26日」 before a number today also uses is drawn at this share of its size. */
const DAY_SCALE = 0.5;
/** The space between 「26日」 and the number, in ems of the number. */
const DAY_GAP_EM = 0.12;

/** The day of an earlier day's number that today also uses: 「26日」 of the contract's 「26日 8」. */
export function boardDayText(number: BoardNumber): string | undefined {
  return number.withDay ? boardNumberText(number).split(" ")[0] : undefined;
}

/**
 * How wide the number is drawn, in ems of its size: a cell narrower than that draws it smaller
 * (display-page.module.css), so 「123-2」 or 「26日 8」 fits where 「12」 is drawn at full size.
 */
export function numberWidthEm(number: BoardNumber): number {
  const partition = number.partitionNumber > 0 ? (String(number.partitionNumber).length + 1) * PARTITION_SCALE : 0;
  const dayText = boardDayText(number);
  const day = dayText ? ((dayText.length - 1) * DIGIT_EM + KANJI_EM) * DAY_SCALE + DAY_GAP_EM : 0;
  return day + (String(number.receptionNumber).length + partition) * DIGIT_EM;
}
