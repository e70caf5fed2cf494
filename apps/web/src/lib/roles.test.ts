import { RoleSchema } from "@pharmacy/contract/roles";
import { describe, expect, it } from "vitest";
import { can, isDeviceRole } from "./roles";

describe("can", () => {
  it("gives an admin every staff screen but the kiosk", () => {
    for (const capability of [
      "receptions",
      "settings.read",
      "settings.write",
      "staff",
      "devices",
      "audit",
      "reports",
      "security",
    ] as const) {
      expect(can("admin", capability)).toBe(true);
    }
    expect(can("admin", "kiosk")).toBe(false);
  });
  it("lets staff read the settings but not change them, nor manage people, devices or the audit", () => {
    expect(can("staff", "receptions")).toBe(true);
    expect(can("staff", "settings.read")).toBe(true);
    expect(can("staff", "settings.write")).toBe(false);
    expect(can("staff", "staff")).toBe(false);
    expect(can("staff", "devices")).toBe(false);
    expect(can("staff", "audit")).toBe(false);
  });
  it("gives staff and admins the reports, and no device", () => {
    expect(can("staff", "reports")).toBe(true);
    expect(can("admin", "reports")).toBe(true);
    expect(can("counter", "reports")).toBe(false);
    expect(can("display", "reports")).toBe(false);
  });
  it("gives staff and admins the follow-ups (SPEC §12), and no device", () => {
    expect(can("staff", "followUps")).toBe(true);
    expect(can("admin", "followUps")).toBe(true);
    expect(can("counter", "followUps")).toBe(false);
    expect(can("display", "followUps")).toBe(false);
  });
  it("gives the counter kiosk nothing but the kiosk", () => {
    expect(can("counter", "kiosk")).toBe(true);
    expect(can("counter", "receptions")).toBe(false);
    expect(can("counter", "settings.read")).toBe(false);
    expect(can("counter", "security")).toBe(false);
  });
  it("shows the calling display to the display device and to people, never to the counter kiosk", () => {
    expect(["admin", "staff", "display"].every((role) => can(role as "admin", "display"))).toBe(true);
    expect(can("counter", "display")).toBe(false);
    expect(can(undefined, "display")).toBe(false);
  });
  it("gives a display and a signed-out visitor no staff screen", () => {
    expect(can("display", "receptions")).toBe(false);
    expect(can(undefined, "receptions")).toBe(false);
  });
});

describe("isDeviceRole", () => {
  it("tells the devices from the people", () => {
    expect(RoleSchema.options.filter(isDeviceRole)).toEqual(["counter", "display"]);
  });
});
