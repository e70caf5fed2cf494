import { followUpRank, type FollowUp } from "@pharmacy/contract/follow-ups/follow-ups";

/**
 * The worklist in the order staff work it (docs/rules.md#continuity-of-care): 電話を希望 first, then the other alerts (a worrying
 * answer, no answer), then answered, then those waiting (planned, sent), then the ones closed today.
 * The server sorts the same way; the screen keeps it whatever order the rows came in.
 */

export type WorklistGroup = "attention" | "answered" | "waiting" | "closed";

export const WORKLIST_GROUP_TITLES: Record<WorklistGroup, string> = {
  attention: "要対応",
  answered: "回答あり",
  waiting: "送信済み・予定",
  closed: "対応済み",
};

const GROUP_OF_RANK: readonly WorklistGroup[] = ["attention", "attention", "answered", "waiting", "closed"];

type Row = Pick<FollowUp, "status" | "flags" | "dueOn" | "createdAt">;

export function compareWorklist(first: Row, second: Row): number {
  return (
    followUpRank(first) - followUpRank(second) ||
    first.dueOn.localeCompare(second.dueOn) ||
    first.createdAt.localeCompare(second.createdAt)
  );
}

/** The rows in worklist order, in their groups; a group with no row is left out. */
export function worklistGroups<T extends Row>(followUps: readonly T[]): { group: WorklistGroup; rows: T[] }[] {
  const sorted = [...followUps].sort(compareWorklist);
  const groups = new Map<WorklistGroup, T[]>();
  for (const row of sorted) {
    const group = GROUP_OF_RANK[followUpRank(row)]!;
    groups.set(group, [...(groups.get(group) ?? []), row]);
  }
  return [...groups].map(([group, rows]) => ({ group, rows }));
}
