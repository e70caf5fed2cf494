// The audit feature as other features see it (apps/server/README.md, "Boundaries").
export type { AuditService, AuditTarget } from "./service.js";
