import type { AuditAction, AuditActorType } from "@pharmacy/contract/audit/audit";
import type { Db } from "../../db/schema.js";

export interface AuditEntryRow {
  id: string;
  pharmacyId: string;
  at: Date;
  actorType: AuditActorType;
  actorId: string | null;
  actorName: string | null;
  action: AuditAction;
  targetType: string | null;
  targetId: string | null;
  detail: string | null;
}

export interface AuditFilter {
  /** One branch, or several (an organisation's log). */
  pharmacyId: string | readonly string[];
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  actorId?: string | undefined;
  action?: AuditAction | undefined;
}

/** Entries in one statement. */
export async function insertAuditEntries(db: Db, entries: AuditEntryRow[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto("audit_log")
    .values(
      entries.map((entry) => ({
        id: entry.id,
        pharmacy_id: entry.pharmacyId,
        at: entry.at,
        actor_type: entry.actorType,
        actor_id: entry.actorId,
        actor_name: entry.actorName,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        detail: entry.detail,
      })),
    )
    .execute();
}

function filtered(db: Db, filter: AuditFilter) {
  const { pharmacyId } = filter;
  let query =
    typeof pharmacyId === "string"
      ? db.selectFrom("audit_log").where("pharmacy_id", "=", pharmacyId)
      : db.selectFrom("audit_log").where("pharmacy_id", "in", pharmacyId);
  if (filter.from) query = query.where("at", ">=", filter.from);
  if (filter.to) query = query.where("at", "<", filter.to);
  if (filter.actorId) query = query.where("actor_id", "=", filter.actorId);
  if (filter.action) query = query.where("action", "=", filter.action);
  return query;
}

/** Newest first; `seq` orders entries of the same instant. */
export function listAuditEntries(db: Db, filter: AuditFilter, page: { limit: number; offset: number }) {
  return filtered(db, filter)
    .selectAll()
    .orderBy("at", "desc")
    .orderBy("seq", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countAuditEntries(db: Db, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function entriesAbout(db: Db, pharmacyId: string, targetIds: string[]) {
  return db
    .selectFrom("audit_log")
    .selectAll()
    .where("pharmacy_id", "=", pharmacyId)
    .where("target_id", "in", targetIds)
    .orderBy("at")
    .orderBy("seq")
    .execute();
}
