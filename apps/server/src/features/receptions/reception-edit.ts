/**
 * A staff member's PATCH of a reception: a status move (the contract's STATUS_MOVES, else 409 1102),
 * answers, the patient's details and note, and the exchange number, each written into its history;
 * what it sets off (the visitor told their medicine is ready, notices kept as long as the pickup).
 */
import type { HistoryAction, Reception, UpdateReceptionInput } from "@pharmacy/contract/receptions/receptions";
import type { ReceptionStatus } from "@pharmacy/contract/shared/enums";
import { ERROR_CODE_MESSAGES, ErrorCode } from "@pharmacy/contract/shared/errors";
import { isStatusMoveAllowed } from "@pharmacy/contract/receptions/status-flow";
import type { AuditDetails } from "../../db/schema.js";
import { AppError } from "../../lib/errors.js";
import type { Actor } from "../../lib/actor.js";
import * as repo from "./repository.js";
import { receptionTarget } from "./audit-target.js";
import { liveForUpdate, liveReception } from "./reception-access.js";
import { changeOf } from "./reception-change.js";
import type { ReceptionServiceDeps } from "./service-deps.js";

type EditDeps = Pick<ReceptionServiceDeps, "clock" | "unitOfWork" | "audit" | "prescriptions" | "wait">;

export async function editReception(
  deps: EditDeps,
  actor: Actor,
  id: string,
  input: Omit<UpdateReceptionInput, "id">,
): Promise<Reception> {
  const now = deps.clock.now();
  return deps.unitOfWork.run(async (work) => {
    const trx = work.db;
    const row = await liveForUpdate(trx, actor, id);
    if (
      input.status !== undefined &&
      !isStatusMoveAllowed({ status: row.status, handedOver: row.handed_over_at !== null }, input.status)
    ) {
      const code = ErrorCode.StatusMoveNotAllowed;
      throw new AppError(409, ERROR_CODE_MESSAGES[code], code);
    }
    const audit = (action: HistoryAction, before: AuditDetails, after: AuditDetails) =>
      repo.appendAudit(trx, {
        pharmacyId: actor.pharmacyId,
        receptionId: id,
        action,
        actor: actor.name,
        at: now,
        before,
        after,
      });
    if (input.answers?.returnDate !== undefined && input.answers.returnDate !== row.answers.returnDate) {
      await deps.prescriptions.assertReturnDateUsable(work, id, input.answers.returnDate);
    }
    let changed =
      input.exchangeNumber !== undefined &&
      (await deps.prescriptions.saveExchangeNumber(work, actor, id, input.exchangeNumber, now));
    if (input.status !== undefined && input.status !== row.status) {
      await audit("status_changed", { status: row.status }, { status: input.status });
      changed = true;
    }
    if (input.answers !== undefined && JSON.stringify(input.answers) !== JSON.stringify(row.answers)) {
      await audit("answers_changed", { answers: row.answers }, { answers: input.answers });
      changed = true;
    }
    const nameChanged = input.patientName !== undefined && input.patientName !== (row.patient_name ?? "");
    const phoneChanged = input.phone !== undefined && input.phone !== (row.phone ?? "");
    const noteChanged = input.note !== undefined && input.note !== (row.note ?? "");
    if (nameChanged || phoneChanged || noteChanged) {
      await audit(
        "details_changed",
        { patientName: row.patient_name, phone: row.phone, note: row.note },
        {
          patientName: input.patientName ?? row.patient_name,
          phone: input.phone ?? row.phone,
          note: input.note ?? row.note,
        },
      );
      changed = true;
    }
    if (changed) {
      await repo.updateReception(trx, id, {
        ...(input.status !== undefined && input.status !== row.status && waitColumnsFor(input.status, now)),
        ...(input.status !== undefined && { status: input.status }),
        ...(input.answers !== undefined && { answers: input.answers }),
        ...(input.patientName !== undefined && { patient_name: input.patientName || null }),
        ...(input.phone !== undefined && { phone: input.phone || null }),
        ...(input.note !== undefined && { note: input.note || null }),
        updated_at: now,
      });
      await deps.audit.record(
        work,
        actor,
        "reception.updated",
        receptionTarget(
          id,
          row.reception_number,
          row.partition_number,
          input.status !== undefined && input.status !== row.status
            ? { from: row.status, to: input.status }
            : undefined,
        ),
      );
      work.announce(changeOf(actor, "reception.updated", id));
      if (input.answers !== undefined) await deps.wait.visitorNoticesFollow(work, { ...row, answers: input.answers });
      if (input.status === "Completed" && row.status !== "Completed") {
        await deps.wait.tellVisitor(work, row, {
          kind: "ready",
          delivered: (input.answers ?? row.answers).receiveMethod === "Delivery",
        });
      }
    }
    return liveReception(trx, actor.pharmacyId, id);
  });
}

/** Completed starts the wait clock's sample and the board's お渡し; leaving Completed takes the number back off the called list. */
function waitColumnsFor(status: ReceptionStatus, now: Date) {
  return status === "Completed" ? { completed_at: now } : { completed_at: null, called_at: null, handed_over_at: null };
}
