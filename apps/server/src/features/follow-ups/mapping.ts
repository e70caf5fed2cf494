import { randomBytes } from "node:crypto";
import { followUpAlertsOf } from "@pharmacy/contract/follow-ups/follow-up-templates";
import type { CareContact, FollowUp, FollowUpFlag } from "@pharmacy/contract/follow-ups/follow-ups";
import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import type { CareContactTable } from "../../db/schema.js";
import { hashToken } from "../../lib/token-hash.js";
import type { AuditTarget } from "../audit/index.js";
import type { FollowUpRow } from "./repository.js";

/** A new link token for the patient's page: only its hash is stored, the token travels in the message. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function flagsOf(row: Pick<FollowUpRow, "status" | "questions" | "answers">): FollowUpFlag[] {
  const alerts = followUpAlertsOf(row.questions, row.answers ?? undefined);
  return [
    ...(alerts.callRequested ? (["callRequested"] as const) : []),
    ...(alerts.alertKeys.length > 0 ? (["alert"] as const) : []),
    ...(row.status === "no_answer" ? (["noAnswer"] as const) : []),
  ];
}

export function toFollowUp(row: FollowUpRow): FollowUp {
  return {
    id: row.id,
    receptionId: row.reception_id,
    dueOn: row.due_on,
    template: row.template_id,
    templateName: row.template_name,
    channel: row.channel,
    status: row.status,
    createdBy: { id: row.created_by, name: row.created_by_name },
    createdAt: row.created_at.toISOString(),
    ...(row.sent_at && { sentAt: row.sent_at.toISOString() }),
    ...(row.answered_at && { answeredAt: row.answered_at.toISOString() }),
    ...(row.closed_at && { closedAt: row.closed_at.toISOString() }),
    ...(row.closed_by && { closedBy: { id: row.closed_by, name: row.closed_by_name ?? "" } }),
    ...(row.note !== null && { note: row.note }),
    ...(row.findings !== null && { findings: row.findings }),
    ...(row.proposal !== null && { proposal: row.proposal }),
    flags: flagsOf(row),
  };
}

export function toCareContact(
  row: Pick<CareContactTable, "email" | "phone" | "source" | "consented_at">,
  pushCount: number,
  lineCount: number,
): CareContact {
  return {
    ...(row.email !== null && { email: row.email }),
    ...(row.phone !== null && { phone: row.phone }),
    push: pushCount > 0,
    line: lineCount > 0,
    source: row.source,
    consentedAt: row.consented_at.toISOString(),
  };
}

/** What the audit log says of a follow-up or contact: ids and the reception number, never the patient. */
export function careTarget(
  type: AuditTarget["type"],
  id: string,
  reception: Pick<Reception, "receptionNumber" | "partitionNumber">,
): AuditTarget {
  return {
    type,
    id,
    detail: `受付番号 ${formatReceptionNumber(reception.receptionNumber, reception.partitionNumber)}`,
  };
}

/** The medicine names of a reception's read codes, each once. */
export function medicinesOf(reception: Pick<Reception, "prescriptions">): string[] {
  const names = reception.prescriptions.flatMap(
    (prescription) => prescription.rx?.rps.flatMap((rp) => rp.drugs.map((drug) => drug.name || drug.code)) ?? [],
  );
  return [...new Set(names.filter((name) => name !== ""))];
}
