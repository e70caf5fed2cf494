// The pharmacy feature as other features see it (apps/server/README.md, "Boundaries").
export type { PharmacyDetails, PharmacyService } from "./service.js";
export { requestOrigin, type LinkOrigins } from "./link-origins.js";
