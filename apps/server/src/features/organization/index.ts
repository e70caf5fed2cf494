// The organisation feature as other features see it (apps/server/README.md, "Boundaries").
export type { OrganizationService } from "./service.js";
