// The follow-ups feature as other features see it (apps/server/README.md, "Boundaries").
export type { FollowUpService } from "./service.js";
