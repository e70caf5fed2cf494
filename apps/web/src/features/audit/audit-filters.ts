import type { AuditQuery } from "@pharmacy/contract/audit/audit";

/** The query's set fields as URL parameters; empty filters are left out rather than sent blank. */
export function auditSearchParams(query: AuditQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params[key] = String(value);
  }
  return params;
}

/** The CSV's file name names its period, so several downloads do not overwrite each other. */
export function auditCsvFileName(query: Pick<AuditQuery, "from" | "to">, today: string): string {
  const from = query.from ?? "";
  const to = query.to ?? today;
  return from ? `audit-${from}_${to}.csv` : `audit-${to}.csv`;
}
