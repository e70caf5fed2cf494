import type { ServerFrameType } from "@pharmacy/contract/live/realtime";

/**
 * The kinds of change a transaction can announce: every server frame but the socket's own `auth.ok` and
 * `resync`, the board and the organisation's day (both made from reception changes); and a session's end, which becomes no frame
 * (every process's ended sessions hear it, and close that session's sockets).
 */
export type LiveChangeType =
  Exclude<ServerFrameType, "auth.ok" | "resync" | "board.updated" | "organization.day.updated"> | "session.ended";

/**
 * What a committed transaction announces: ids only, as NOTIFY payloads are small. Each process turns
 * a change into its frame once, then hands it to its own subscribers of that branch.
 */
export interface LiveChange {
  type: LiveChangeType;
  pharmacyId: string;
  /** The row the change is about (a reception's id), or the session that ended. */
  subjectId: string;
  /** The web session (X-Ws-Session-Id) whose request made the change. */
  originSessionId?: string | undefined;
  /** Set by the call itself (「呼び出す」), and by nothing else: the calling display announces this number. */
  calledAt?: string | undefined;
}

/**
 * One change per subject and transaction: a creation or a deletion says more than an update of the same
 * row; a call made in the transaction stays said.
 */
export function mergeChanges(changes: LiveChange[]): LiveChange[] {
  const bySubject = new Map<string, LiveChange>();
  for (const change of changes) {
    const previous = bySubject.get(change.subjectId);
    const kept = !previous || previous.type.endsWith(".updated") ? change : previous;
    const calledAt = change.calledAt ?? previous?.calledAt;
    bySubject.set(change.subjectId, calledAt ? { ...kept, calledAt } : kept);
  }
  return [...bySubject.values()];
}
