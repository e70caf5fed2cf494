import type { ReceptionEventType } from "@pharmacy/contract/realtime";
import type { LiveChange } from "../../live/live-change.js";
import type { Actor } from "../../lib/actor.js";

export function changeOf(actor: Actor, type: ReceptionEventType, receptionId: string): LiveChange {
  return { type, pharmacyId: actor.pharmacyId, subjectId: receptionId, originSessionId: actor.sessionId };
}
