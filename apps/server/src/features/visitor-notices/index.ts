// The visitor-notices feature as other features see it (apps/server/README.md, "Boundaries").
export type { KeptReception, VisitorNotices } from "./service.js";
export type { VisitorMilestone } from "./messages.js";
export type { PushTarget } from "./push-sender.js";
