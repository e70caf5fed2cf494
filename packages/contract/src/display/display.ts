import * as z from "../shared/zod.js";
import { ApiDateSchema } from "../receptions/questions.js";

/** A number on the waiting-room screen: the number only, never a name (docs/rules.md#the-patients-wait). */
export const BoardNumberSchema = z.strictObject({
  receptionNumber: z.number().int(),
  partitionNumber: z.number().int(),
  /** The business day the number belongs to (docs/rules.md#across-days). */
  receptionDate: ApiDateSchema,
  /**
   * Set by the server on an earlier day's number that today also uses: the board writes and speaks
   * its day (「26日 8」) so that no two entries read alike.
   */
  withDay: z.boolean().optional(),
});
export type BoardNumber = z.infer<typeof BoardNumberSchema>;

export const ReadyNumberSchema = BoardNumberSchema.extend({ calledAt: z.iso.datetime().optional() });
export type ReadyNumber = z.infer<typeof ReadyNumberSchema>;

/** GET /api/display/board and the `board.updated` frame: what the calling display shows. */
export const DisplayBoardSchema = z.strictObject({
  pharmacyName: z.string(),
  /** Being prepared (受付済み・確認中・調剤中), by number. */
  preparing: z.array(BoardNumberSchema),
  /** Ready and not yet handed over, by number; the last called first on the screen. */
  ready: z.array(ReadyNumberSchema),
  /** About how long a patient arriving now waits (rounded to 5 minutes); absent without enough recent data. */
  waitMinutes: z.number().int().optional(),
});
export type DisplayBoard = z.infer<typeof DisplayBoardSchema>;

/** 「12」, 「12-2」: the number alone. */
function numberText(number: BoardNumber): string {
  return number.partitionNumber > 0
    ? `${number.receptionNumber}-${number.partitionNumber}`
    : String(number.receptionNumber);
}

/** The day of an earlier day's number that today also uses: 「26日」. */
function dayOfMonth(number: BoardNumber): string {
  return `${Number(number.receptionDate.slice(8, 10))}日`;
}

/** How a number is written on the board: 「12」, 「12-2」, and 「26日 8」 for an earlier day's number that today also uses. */
export function boardNumberText(number: BoardNumber): string {
  return number.withDay ? `${dayOfMonth(number)} ${numberText(number)}` : numberText(number);
}

/** What the display says when a number is called. */
export function callAnnouncement(number: BoardNumber): string {
  const who = number.withDay
    ? `${dayOfMonth(number)}受付の 受付番号 ${numberText(number)}番の方`
    : `受付番号 ${numberText(number)}番の方`;
  return `${who}、お薬のご用意ができました。お渡し口までお越しください。`;
}
