// The LINE feature as other features see it (apps/server/README.md, "Boundaries").
export type { LineNotices } from "./service.js";
