import { z } from "zod";
import type { Role } from "./roles.js";

/** Who reads the calling board (the board call and its socket frames): the display device and people. */
export const BOARD_ROLES = ["display", "staff", "admin"] as const satisfies readonly Role[];

/** A number on the waiting-room screen: the number only, never a name (SPEC §8). */
export const BoardNumberSchema = z.strictObject({
  receptionNumber: z.number().int(),
  partitionNumber: z.number().int(),
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

/** 「受付番号 12番」, 「受付番号 12-2番」: how a number is written and spoken. */
export function boardNumberText(number: BoardNumber): string {
  return number.partitionNumber > 0 ? `${number.receptionNumber}-${number.partitionNumber}` : String(number.receptionNumber);
}

/** What the display says when a number is called. */
export function callAnnouncement(number: BoardNumber): string {
  return `受付番号 ${boardNumberText(number)}番の方、お薬のご用意ができました。お渡し口までお越しください。`;
}
