import { ALWAYS_OPEN } from "@pharmacy/test-support/business-hours";
import { callApi, demoIdToken } from "./session.js";

/**
 * Opens the shared e2e server's branch at every hour. On the usual hours, a file that sends a Web
 * reception and looks for it on today's list passed on a weekday at 10:00 and failed in CI on a Saturday
 * at 13:13 (docs/rules.md#across-days: it belongs to Monday). The hours themselves are tested under a fixed clock
 * (across-days, and the settings file, which starts from a new branch's hours).
 */
export async function openAroundTheClock(baseUrl: string): Promise<void> {
  await callApi(baseUrl, await demoIdToken(baseUrl), "PUT", "/api/business_hours", ALWAYS_OPEN);
}
