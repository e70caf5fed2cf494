// The auth feature as other features see it (apps/server/README.md, "Boundaries").
export type { AuthService } from "./service.js";
export type { IdTokens } from "./id-tokens.js";
export { hashRefreshToken, newRefreshToken } from "./secrets.js";
export { sessionEnded, type DeviceSessions } from "./sessions.js";
export type { SecretBox } from "./secret-box.js";
