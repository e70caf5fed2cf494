import path from "node:path";
import { describe, expect, it } from "vitest";
import { waitForMails } from "@pharmacy/test-support/mail";
import { screenshot } from "../support/browser.js";
import { becomeCallingDisplay, recordSound } from "../support/display.js";
import { callApi, demoIdToken, signInThroughForm } from "../support/session.js";
import { serverAcrossDays } from "../support/server-across-days.js";
import { sendWebReception } from "../support/web-form.js";

/*
 * docs/rules.md#across-days across a real night: the server is a process of its own run under Debian's faketime,
 * stopped and started again at the next moment on the same data folder; each browser context's clock
 * is set to the same moment (Playwright's clock), so that the app's "today" (the browser's) and the
 * server's agree. Thursday 2026-11-26 17:30 → 22:30 → Friday 2026-11-27 09:05 (Asia/Tokyo); the demo
 * branch opens 09:00–13:00 and 14:00–18:00 on weekdays.
 */

const PHOTO = path.resolve(import.meta.dirname, "../fixtures/prescription.jpg");

const EVENING = "2026-11-26T08:30:00Z"; // 17:30 in Tokyo: open
const NIGHT = "2026-11-26T13:30:00Z"; // 22:30: closed
const MORNING = "2026-11-27T00:05:00Z"; // 09:05 the next day: open
const THURSDAY = "2026-11-26";
const FRIDAY = "2026-11-27";
const EVENING_VISITOR = "evening-visitor@example.jp";
const NIGHT_VISITOR = "night-visitor@example.jp";
/** The status page polls every 10 s: allow two rounds. */
const STATUS_TIMEOUT_MS = 25_000;

const { serverAt, contextAt, phoneAt, outboxDir } = serverAcrossDays("across-days");

interface Listed {
  id: string;
  receptionNumber: number;
  receptionDate: string;
  patientName?: string;
}

describe("across days (docs/rules.md#across-days)", () => {
  it(
    "carries the evening's unfinished reception into the morning, numbers the night's first, shows the pickups due and the board's day",
    { timeout: 600_000 },
    async () => {
      const outbox = outboxDir();

      // Thursday 17:30, open: a web reception of the evening, left unfinished at closing, and a
      // counter reception ready for a return visit on Friday.
      let baseUrl = await serverAt(EVENING);
      let token = await demoIdToken(baseUrl);
      const { publicSlug } = await callApi<{ publicSlug: string }>(baseUrl, token, "GET", "/api/pharmacy");
      const evening = await phoneAt(baseUrl, EVENING);
      await sendWebReception(evening, { publicSlug, photo: PHOTO, name: "ユウガタ ハナコ", email: EVENING_VISITOR });
      expect((await evening.getByTestId("reception-number-label").textContent())?.trim()).toBe("受付番号");
      const eveningNumber = Number((await evening.getByTestId("reception-number").textContent())!.trim());
      await evening.getByRole("link", { name: "受付状況を見る" }).click();
      await evening.waitForURL(/\/web\/status\//);
      const eveningStatus = new URL(evening.url()).pathname;

      const returnVisit = await callApi<Listed>(baseUrl, token, "POST", "/api/reception");
      await callApi(baseUrl, token, "POST", `/api/reception/${returnVisit.id}/confirm`);
      await callApi(baseUrl, token, "PATCH", `/api/reception/${returnVisit.id}`, {
        id: returnVisit.id,
        status: "Reviewing",
        answers: { receiveMethod: "ReturnVisit", returnDate: FRIDAY, returnTimePeriod: "09:00-13:00" },
      });
      await callApi(baseUrl, token, "PATCH", `/api/reception/${returnVisit.id}`, {
        id: returnVisit.id,
        status: "Completed",
      });

      // Thursday 22:30, closed: a web reception sent at night is Friday's first number, and says so.
      baseUrl = await serverAt(NIGHT);
      const night = await phoneAt(baseUrl, NIGHT);
      await sendWebReception(night, { publicSlug, photo: PHOTO, name: "ヨル タロウ", email: NIGHT_VISITOR });
      expect((await night.getByTestId("reception-number-label").textContent())?.trim()).toBe(
        "11月27日（金）の受付番号",
      );
      const nightNumber = Number((await night.getByTestId("reception-number").textContent())!.trim());
      expect(await night.getByTestId("sent-closed-notice").textContent()).toBe(
        "ただいま営業時間外です。11月27日（金）09:00の開店後に確認します。",
      );
      await night.getByRole("link", { name: "受付状況を見る" }).click();
      await night.getByTestId("status-number-label").getByText("11月27日（金）の受付番号").waitFor();
      await night
        .getByTestId("status-closed")
        .getByText("11月27日（金）09:00の開店後に確認します。", { exact: false })
        .waitFor();
      await screenshot(night, "across-days-night-status");

      // Friday 09:05: the staff's main screen.
      baseUrl = await serverAt(MORNING);
      token = await demoIdToken(baseUrl);
      const staffContext = await contextAt(baseUrl, MORNING, { viewport: { width: 1366, height: 768 } });
      const staff = await staffContext.newPage();
      await signInThroughForm(staff);

      // the night's reception is today's own first number; the evening's is carried with its day
      const carried = staff.getByTestId("carried");
      const eveningRow = carried.locator(
        `tr[data-reception-date="${THURSDAY}"][data-reception-number="${eveningNumber}"]`,
      );
      await eveningRow.waitFor();
      expect((await eveningRow.getByTestId("row-number").textContent())?.trim()).toBe(`11/26 - ${eveningNumber}`);
      const nightRow = staff
        .getByTestId("day-receptions")
        .locator(`tr[data-reception-date="${FRIDAY}"][data-reception-number="${nightNumber}"]`);
      await nightRow.waitFor();
      expect((await nightRow.getByTestId("row-number").textContent())?.trim()).toBe(String(nightNumber));
      // the search from today finds the carried one by its name
      await staff.getByLabel("受付を探す").fill("ユウガタ");
      await eveningRow.waitFor();
      expect(await nightRow.count()).toBe(0);
      await staff.getByLabel("受付を探す").fill("");

      // the return visit is due today: carried (ready, not handed over) and under 本日お渡し予定
      const returnRow = carried.locator(
        `tr[data-reception-date="${THURSDAY}"][data-reception-number="${returnVisit.receptionNumber}"]`,
      );
      await returnRow.getByTestId("row-status").getByText("完了").waitFor();
      const pickups = await callApi<{ receptions: Listed[] }>(
        baseUrl,
        token,
        "GET",
        `/api/reception/pickups?date=${FRIDAY}`,
      );
      expect(pickups.receptions.map((reception) => reception.id)).toContain(returnVisit.id);
      await staff.getByTestId("pickups-button").getByText(`本日お渡し予定 ${pickups.receptions.length}件`).waitFor();
      await screenshot(staff, "across-days-main-1366", { fullPage: false });
      await staff.setViewportSize({ width: 1024, height: 768 });
      await screenshot(staff, "across-days-main-1024", { fullPage: false });
      await staff.getByTestId("pickups-button").click();
      const pickupsDrawer = staff.getByRole("dialog", { name: "本日お渡し予定" });
      await pickupsDrawer
        .locator(`tr[data-reception-date="${THURSDAY}"][data-reception-number="${returnVisit.receptionNumber}"]`)
        .getByText(`11/26 - ${returnVisit.receptionNumber}`)
        .waitFor();
      await screenshot(staff, "across-days-pickups", { fullPage: false });
      await staff.keyboard.press("Escape");
      await pickupsDrawer.waitFor({ state: "hidden" });

      // staff finish the evening's reception from the carried row with the usual buttons
      await eveningRow.click();
      const detail = staff.getByRole("dialog", { name: "受付の詳細" });
      await detail.getByTestId("detail-number").getByText(`11/26 - ${eveningNumber}`).waitFor();
      for (const [button, status] of [
        ["確認中にする", "確認中"],
        ["調剤中にする", "調剤中"],
        ["完了にする", "完了"],
      ] as const) {
        await detail.getByRole("button", { name: button }).click();
        await detail.getByTestId("detail-status").getByText(status, { exact: true }).waitFor();
      }
      await eveningRow.getByTestId("row-status").getByText("完了", { exact: true }).waitFor();

      // the evening's visitor reads it on the status page, and the mail goes out
      const visitor = await phoneAt(baseUrl, MORNING);
      await visitor.goto(eveningStatus);
      await visitor.getByTestId("status-number-label").getByText("11月26日（木）の受付番号").waitFor();
      await visitor
        .getByTestId("reception-status")
        .getByText("お薬をお渡しできます")
        .waitFor({ timeout: STATUS_TIMEOUT_MS });
      const mails = await waitForMails(outbox, EVENING_VISITOR);
      expect(mails.at(-1)).toContain(`${eveningNumber}番のお薬の準備ができました。`);

      // today uses the evening's number too: the board writes the carried one with its day
      for (let number = nightNumber; number < eveningNumber;) {
        const counter = await callApi<Listed>(baseUrl, token, "POST", "/api/reception");
        await callApi(baseUrl, token, "POST", `/api/reception/${counter.id}/confirm`);
        number = counter.receptionNumber;
      }
      const displayContext = await contextAt(baseUrl, MORNING, { viewport: { width: 1920, height: 1080 } });
      await displayContext.addInitScript(recordSound);
      const display = await displayContext.newPage();
      await signInThroughForm(display);
      await becomeCallingDisplay(display);

      await detail.getByRole("button", { name: "呼び出す" }).click();
      await eveningRow.getByText("呼出済み").waitFor();
      const boardLabel = `26日 ${eveningNumber}`;
      await display
        .getByTestId("board-ready")
        .locator(`[data-board-number="${boardLabel}"]`)
        .waitFor({ timeout: 15_000 });
      await expect
        .poll(() => display.evaluate(() => window.__sounds ?? []), { timeout: 15_000 })
        .toContain(
          `26日受付の 受付番号 ${eveningNumber}番の方、お薬のご用意ができました。お渡し口までお越しください。`,
        );
      await screenshot(display, "across-days-display", { fullPage: false });

      // handed over: off the carried rows, and お渡し済み of its own
      await detail.getByRole("button", { name: "お渡し済み" }).click();
      await detail.getByTestId("detail-status").getByText("お渡し済み").waitFor();
      await eveningRow.waitFor({ state: "detached" });
    },
  );
});
