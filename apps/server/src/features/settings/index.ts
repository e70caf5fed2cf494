// The settings feature as other features see it (apps/server/README.md, "Boundaries").
export { sharedVersion, type SettingsService } from "./service.js";
