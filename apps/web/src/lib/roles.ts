import type { Role } from "@pharmacy/contract/roles";

/** What a screen or a button needs; mirrors the server's role table (SPEC §7) so no button answers 403. */
export type Capability =
  | "receptions"
  | "settings.read"
  | "settings.write"
  | "staff"
  | "devices"
  | "audit"
  | "reports"
  | "followUps"
  | "security"
  | "kiosk"
  | "display";

const CAPABILITIES: Record<Role, readonly Capability[]> = {
  admin: [
    "receptions",
    "settings.read",
    "settings.write",
    "staff",
    "devices",
    "audit",
    "reports",
    "followUps",
    "security",
    "display",
  ],
  staff: ["receptions", "settings.read", "reports", "followUps", "security", "display"],
  counter: ["kiosk"],
  display: ["display"],
};

export function can(role: Role | undefined, capability: Capability): boolean {
  return role !== undefined && CAPABILITIES[role].includes(capability);
}

/** Devices are not people: they get a screen of their own and never the staff frame. */
export function isDeviceRole(role: Role | undefined): boolean {
  return role === "counter" || role === "display";
}
