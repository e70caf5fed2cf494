import { randomUUID } from "node:crypto";
import type { AuditAction, AuditList, AuditRow, OrganizationAuditList } from "@pharmacy/contract/audit/audit";
import { AUDIT_ACTION_LABELS, AUDIT_ACTOR_TYPE_LABELS, AUDIT_CSV_HEADER } from "@pharmacy/contract/audit/audit";
import { auditDetailText, auditTargetLabel } from "@pharmacy/contract/audit/audit-labels";
import { businessClockOf, endOfBusinessDate, startOfBusinessDate } from "@pharmacy/contract/calendar/business-calendar";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import type { Work } from "../../live/unit-of-work.js";
import type { Actor } from "../../lib/actor.js";
import { csvOf } from "../../lib/csv.js";
import * as repo from "./repository.js";

/** What an entry is about: never a patient's name or phone, only ids and numbers. */
export interface AuditTarget {
  type:
    | "reception"
    | "file"
    | "prescription"
    | "user"
    | "device"
    | "pharmacy"
    | "settings"
    | "business_hours"
    | "follow_up"
    | "care_contact"
    | "follow_up_templates"
    | "refill_reminder"
    | "retention"
    | "organization";
  id?: string | undefined;
  /** e.g. the reception number, so that a row reads without another lookup. */
  detail?: string | undefined;
}

export interface AuditFilterQuery {
  from?: string | undefined;
  to?: string | undefined;
  actor?: string | undefined;
  action?: AuditAction | undefined;
}

const CSV_PAGE = 1000;

export interface AuditServiceDeps {
  db: Db;
  clock: Clock;
}

/**
 * The branch's audit log (docs/rules.md#people-roles-and-devices): every change and every opening of a reception or its files, with
 * the person, device, patient or the server that did it. Other features call `record` inside their own
 * transaction (a change is logged exactly when it commits) or on the plain database (an opening).
 */
export class AuditService {
  constructor(private readonly deps: AuditServiceDeps) {}

  async record(on: Work | Db, actor: Actor, action: AuditAction, target?: AuditTarget): Promise<void> {
    await this.recordEach(on, actor, action, [target]);
  }

  /** The same action on several targets, in one statement. */
  async recordEach(
    on: Work | Db,
    actor: Actor,
    action: AuditAction,
    targets: (AuditTarget | undefined)[],
  ): Promise<void> {
    const at = this.deps.clock.now();
    await repo.insertAuditEntries(
      "db" in on ? on.db : on,
      targets.map((target) => ({
        id: randomUUID(),
        pharmacyId: actor.pharmacyId,
        at,
        actorType: actor.type,
        actorId: actor.id ?? null,
        actorName: actor.name || null,
        action,
        targetType: target?.type ?? null,
        targetId: target?.id ?? null,
        detail: target?.detail ?? null,
      })),
    );
  }

  async list(pharmacyId: string, query: AuditFilterQuery & { page: number; pageSize: number }): Promise<AuditList> {
    const filter = filterOf(pharmacyId, query);
    const [rows, total] = await Promise.all([
      repo.listAuditEntries(this.deps.db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
      repo.countAuditEntries(this.deps.db, filter),
    ]);
    return { rows: rows.map(toAuditRow), total };
  }

  /** Every entry of the branch about any of these targets (a reception, its files, follow-ups), oldest first. */
  async about(pharmacyId: string, targetIds: string[]): Promise<AuditRow[]> {
    return (await repo.entriesAbout(this.deps.db, pharmacyId, targetIds)).map(toAuditRow);
  }

  /** The log of several branches (an organisation's), each row naming its branch. */
  async listOfBranches(
    pharmacyIds: string[],
    query: AuditFilterQuery & { page: number; pageSize: number },
  ): Promise<OrganizationAuditList> {
    if (pharmacyIds.length === 0) return { rows: [], total: 0 };
    const filter = { ...filterOf("", query), pharmacyId: pharmacyIds };
    const [rows, total] = await Promise.all([
      repo.listAuditEntries(this.deps.db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
      repo.countAuditEntries(this.deps.db, filter),
    ]);
    return { rows: rows.map((row) => ({ ...toAuditRow(row), branchId: row.pharmacy_id })), total };
  }

  /** Every entry the filters select, as the CSV an office opens in Excel. */
  async csv(pharmacyId: string, query: AuditFilterQuery): Promise<string> {
    const filter = filterOf(pharmacyId, query);
    const lines: string[][] = [[...AUDIT_CSV_HEADER]];
    for (let offset = 0; ; offset += CSV_PAGE) {
      const rows = await repo.listAuditEntries(this.deps.db, filter, { limit: CSV_PAGE, offset });
      for (const row of rows.map(toAuditRow)) {
        lines.push([
          formatAt(row.at),
          AUDIT_ACTOR_TYPE_LABELS[row.actorType],
          row.actorName ?? "",
          AUDIT_ACTION_LABELS[row.action],
          row.targetType ? auditTargetLabel(row.targetType) : "",
          row.targetId ?? "",
          row.detail ?? "",
        ]);
      }
      if (rows.length < CSV_PAGE) break;
    }
    return csvOf(lines);
  }
}

/** The period is of business days at the pharmacy, `to` included. */
function filterOf(pharmacyId: string, query: AuditFilterQuery): repo.AuditFilter {
  return {
    pharmacyId,
    from: query.from ? startOfBusinessDate(query.from) : undefined,
    to: query.to ? endOfBusinessDate(query.to) : undefined,
    actorId: query.actor,
    action: query.action,
  };
}

/** 「2026-05-01 09:30:05」: the instant at the pharmacy, to the second. */
function formatAt(iso: string): string {
  const at = new Date(iso);
  const { date, time } = businessClockOf(at);
  return `${date} ${time}:${String(at.getUTCSeconds()).padStart(2, "0")}`;
}

function toAuditRow(row: Awaited<ReturnType<typeof repo.listAuditEntries>>[number]): AuditRow {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorType: row.actor_type,
    action: row.action,
    ...(row.actor_id && { actorId: row.actor_id }),
    ...(row.actor_name && { actorName: row.actor_name }),
    ...(row.target_type && { targetType: row.target_type }),
    ...(row.target_id && { targetId: row.target_id }),
    ...(row.detail && { detail: auditDetailText(row.detail) }),
  };
}
