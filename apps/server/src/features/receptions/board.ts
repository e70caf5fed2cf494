import { isCarriedOnto } from "@pharmacy/contract/receptions/across-days";
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import type { BoardNumber, DisplayBoard } from "@pharmacy/contract/display/display";
import { estimatedWaitMinutes, roundedWaitMinutes, waitPaceOf } from "@pharmacy/contract/receptions/wait-estimate";
import type { boardData } from "./wait-repository.js";

/** What the board is made of, as `boardColumns` reads it (times as text, being JSON). */
export type BoardSource = Awaited<ReturnType<typeof boardData>>;

/**
 * The calling display's board: today's numbers and the carried ones of earlier days (docs/rules.md#across-days), numbers
 * only. An earlier day's number that today also uses, or that another day on the board shares, carries
 * its day (`withDay`), so no two entries read alike.
 */
export function boardOf(source: BoardSource, now: Date): DisplayBoard {
  const today = businessDateOf(now);
  const pace = waitPaceOf(
    source.board_completions.map((row) => ({
      confirmedAt: new Date(row.confirmed_at!),
      completedAt: new Date(row.completed_at!),
    })),
    now,
  );
  const rows = source.board_rows.filter(
    (row) =>
      row.business_date === today ||
      isCarriedOnto({ ...row, receptionDate: row.business_date, handedOverAt: null }, today),
  );
  const earlier = rows.filter((row) => row.business_date !== today);
  const usedToday = new Set(source.board_used_today.map((row) => row.reception_number));
  const daysOfNumber = new Map<number, Set<string>>();
  for (const row of earlier)
    daysOfNumber.set(
      row.reception_number,
      (daysOfNumber.get(row.reception_number) ?? new Set()).add(row.business_date),
    );
  const entry = (row: (typeof rows)[number]): BoardNumber => ({
    receptionNumber: row.reception_number,
    partitionNumber: row.partition_number,
    receptionDate: row.business_date,
    ...(row.business_date !== today &&
      (usedToday.has(row.reception_number) || daysOfNumber.get(row.reception_number)!.size > 1) && { withDay: true }),
  });
  const preparing = rows.filter((row) => row.status !== "Completed");
  const waitMinutes =
    pace &&
    roundedWaitMinutes(
      estimatedWaitMinutes(pace, new Set(preparing.map((row) => `${row.business_date}|${row.reception_number}`)).size),
    );
  return {
    pharmacyName: source.board_pharmacy_name ?? "",
    preparing: preparing.map(entry),
    ready: rows
      .filter((row) => row.status === "Completed")
      .map((row) => ({ ...entry(row), ...(row.called_at && { calledAt: new Date(row.called_at).toISOString() }) })),
    ...(waitMinutes !== undefined && { waitMinutes }),
  };
}
