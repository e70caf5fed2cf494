import { isDeviceRole, PersonRoleSchema, RoleSchema } from "@pharmacy/contract/auth/roles";
import { describe, expect, it } from "vitest";
import { can, type Capability } from "./roles";

/** Who sees which screen, written out here rather than read from the role table the capabilities come from. */
const EXPECTED: Record<Capability, string[]> = {
  receptions: ["admin", "staff"],
  "settings.read": ["admin", "staff"],
  "settings.write": ["admin"],
  staff: ["admin"],
  devices: ["admin"],
  audit: ["admin"],
  reports: ["admin", "staff"],
  followUps: ["admin", "staff"],
  patientData: ["admin", "staff"],
  security: ["admin", "staff"],
  display: ["admin", "staff", "display"],
  // the organisation's admins only, whatever their role in the branch
  organization: [],
};

describe("can", () => {
  it.each(Object.entries(EXPECTED))("%s: drawn for %j only", (capability, roles) => {
    expect(RoleSchema.options.filter((role) => can(role, capability as Capability))).toEqual(roles);
  });

  it("gives the counter kiosk no staff screen, not even the settings it reads for its questions", () => {
    expect(Object.keys(EXPECTED).filter((capability) => can("counter", capability as Capability))).toEqual([]);
  });

  it("draws 本部 for the organisation's admin in any branch role, and for nobody else", () => {
    expect(PersonRoleSchema.options.filter((role) => can(role, "organization", true))).toEqual(["admin", "staff"]);
    expect(RoleSchema.options.filter((role) => can(role, "organization", false))).toEqual([]);
  });

  it("gives a signed-out visitor nothing", () => {
    expect(Object.keys(EXPECTED).filter((capability) => can(undefined, capability as Capability))).toEqual([]);
  });
});

describe("isDeviceRole", () => {
  it("tells the devices from the people", () => {
    expect(RoleSchema.options.filter(isDeviceRole)).toEqual(["counter", "display"]);
    expect(isDeviceRole(undefined)).toBe(false);
  });
});
