import { z } from "zod";

/**
 * The visitor's last web reception per branch link, kept in this browser so a later visit can find it
 * again without the done screen: 「受付状況を見る」 until its day is over, 「送信済みの受付を見る」 after.
 */
const SavedReceptionSchema = z.object({
  statusToken: z.string(),
  receptionNumber: z.number().int(),
  /** The business day it belongs to (YYYY-MM-DD): the next opening's day when sent while closed. */
  date: z.string(),
});
export type SavedReception = z.infer<typeof SavedReceptionSchema>;

const keyOf = (publicSlug: string) => `web_reception:${publicSlug}`;

export function saveReception(publicSlug: string, reception: SavedReception, storage: Storage = localStorage): void {
  try {
    storage.setItem(keyOf(publicSlug), JSON.stringify(reception));
  } catch {
    // Private mode or a full storage: the done screen still shows the link.
  }
}

/** The last reception sent from this browser with this branch link, if any. */
export function savedReceptionOf(publicSlug: string, storage: Storage = localStorage): SavedReception | undefined {
  try {
    const raw = storage.getItem(keyOf(publicSlug));
    if (!raw) return undefined;
    const parsed = SavedReceptionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether it is for `today` or a later day (sent overnight): its day is not over. */
export function isCurrent(reception: SavedReception, today: string): boolean {
  return reception.date >= today;
}
