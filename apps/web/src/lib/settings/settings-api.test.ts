import { AppSettingsSchema, DEFAULT_APP_SETTINGS } from "@pharmacy/contract/settings/settings";
import { describe, expect, it } from "vitest";
import { withDefaultOn404 } from "./settings-api";

describe("settings with defaults", () => {
  it("uses the contract's defaults when the server answers 404", () => {
    expect(withDefaultOn404({ error: { status: 404, data: {} } }, AppSettingsSchema, DEFAULT_APP_SETTINGS)).toEqual({
      data: DEFAULT_APP_SETTINGS,
    });
  });

  it("uses the server's settings when it has them", () => {
    const saved = { ...DEFAULT_APP_SETTINGS, autoPrintTicket: true };
    expect(withDefaultOn404({ data: saved }, AppSettingsSchema, DEFAULT_APP_SETTINGS)).toEqual({ data: saved });
  });

  it("reports any other error", () => {
    const error = { status: 500, data: {} } as const;
    expect(withDefaultOn404({ error }, AppSettingsSchema, DEFAULT_APP_SETTINGS)).toEqual({ error });
  });
});
