import type { FollowUpDetail } from "@pharmacy/contract/follow-ups/follow-ups";
import { SHIPPED_FOLLOW_UP_TEMPLATES } from "@pharmacy/contract/follow-ups/follow-up-templates";
import { makeReception } from "./receptions";

let counter = 0;

/** A worklist row with sensible defaults (the shipped 一般, planned for today by phone); ids unique per call. */
export function makeFollowUp(overrides: Partial<FollowUpDetail> = {}): FollowUpDetail {
  counter += 1;
  const general = SHIPPED_FOLLOW_UP_TEMPLATES[0]!;
  return {
    id: `90000000-0000-4000-8000-${counter.toString(16).padStart(12, "0")}`,
    receptionId: "00000000-0000-4000-8000-000000000001",
    dueOn: "2026-05-08",
    template: general.id,
    templateName: general.name,
    channel: "email",
    status: "sent",
    createdBy: { id: "80000000-0000-4000-8000-000000000001", name: "薬剤師 花子" },
    createdAt: `2026-05-01T00:00:${String(counter % 60).padStart(2, "0")}.000Z`,
    flags: [],
    reception: makeReception({ patientName: `カンジャ ${counter}` }),
    questions: general.questions,
    alertKeys: [],
    contact: null,
    ...overrides,
  };
}
