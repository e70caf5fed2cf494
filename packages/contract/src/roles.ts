import * as z from "./zod.js";

/** Who may do what (SPEC §7): people are admin or staff; devices are counter kiosks or calling boards. */
export const RoleSchema = z.enum(["admin", "staff", "counter", "display"]);
export type Role = z.infer<typeof RoleSchema>;

export const ROLE_LABELS: Record<Role, string> = {
  admin: "管理者",
  staff: "スタッフ",
  counter: "受付端末",
  display: "呼出画面",
};

/** The roles a person (not a device) can have. */
export const PersonRoleSchema = z.enum(["admin", "staff"], { error: "権限は管理者またはスタッフから選んでください" });
export type PersonRole = z.infer<typeof PersonRoleSchema>;

export const DeviceKindSchema = z.enum(["counter", "display"], { error: "端末の種類を選んでください" });
export type DeviceKind = z.infer<typeof DeviceKindSchema>;

/** Role sets used by many calls, so that a route's declaration reads as the SPEC's table. */
export const ROLES = {
  admin: ["admin"],
  people: ["admin", "staff"],
  peopleAndCounter: ["admin", "staff", "counter"],
  everyone: ["admin", "staff", "counter", "display"],
} as const satisfies Record<string, readonly Role[]>;

export function isPersonRole(role: Role): role is PersonRole {
  return role === "admin" || role === "staff";
}
