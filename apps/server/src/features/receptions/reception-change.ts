import type { ReceptionEventType } from "@pharmacy/contract/live/realtime";
import type { LiveChange } from "../../live/live-change.js";
import type { Actor } from "../../lib/actor.js";

export function changeOf(actor: Actor, type: ReceptionEventType, receptionId: string): LiveChange {
  return { type, pharmacyId: actor.pharmacyId, subjectId: receptionId, originSessionId: actor.sessionId };
}

/** The change of a call: the one change that names the number for the calling display to announce. */
export function callOf(actor: Actor, receptionId: string, calledAt: Date): LiveChange {
  return { ...changeOf(actor, "reception.updated", receptionId), calledAt: calledAt.toISOString() };
}
