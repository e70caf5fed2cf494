// @vitest-environment jsdom
import type { NextDispensing } from "@pharmacy/contract/follow-ups/next-dispensing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { json, StaffProviders, stubBrowserLayout, stubStaffServer } from "../../../test-utils/staff-server";
import { NextDispensingsList } from "./next-dispensings-list";

afterEach(cleanup);

const row = (fields: Partial<NextDispensing>): NextDispensing => ({
  receptionId: crypto.randomUUID(),
  prescriptionId: crypto.randomUUID(),
  receptionNumber: 12,
  partitionNumber: 0,
  receptionDate: "2026-12-18",
  institutionName: "日薬クリニック",
  dispensedOn: "2026-12-18",
  kind: "refill",
  runsOutOn: "2027-01-01",
  from: "2026-12-25",
  to: "2027-01-08",
  totalUses: 3,
  reminder: { status: "scheduled", remindOn: "2026-12-22" },
  closedDays: [],
  ...fields,
});

async function shown(rows: NextDispensing[], today: string) {
  stubBrowserLayout();
  stubStaffServer((_call, url) =>
    url.pathname === "/api/next_dispensings" ? json({ nextDispensings: rows }) : json({}, 404),
  );
  render(
    <StaffProviders>
      <NextDispensingsList today={today} onOpenReception={() => undefined} />
    </StaffProviders>,
  );
  return screen.findAllByTestId("next-dispensing-window");
}

/** antd's first render takes seconds on a busy machine. */
const SLOW = { timeout: 60_000 };

describe("次回調剤の予定: what each row says", () => {
  it(
    "names the patient from the code, marked QR読取, and the placeholder only when no name is known",
    SLOW,
    async () => {
      await shown(
        [
          row({ patientName: "薬師寺 花子", patientNameFromCode: true }),
          row({ patientName: "受付 一郎", receptionNumber: 13 }),
          row({ receptionNumber: 14 }),
        ],
        "2026-12-18",
      );
      const names = screen
        .getAllByRole("row")
        .slice(1)
        .map((tr) => tr.querySelectorAll("td")[1]!.textContent);
      expect(names).toEqual(["薬師寺 花子QR読取", "受付 一郎", "お名前未登録"]);
    },
  );

  it("flags closed days beside the window and writes the year of a day in another year", SLOW, async () => {
    const windows = await shown(
      [
        row({ closedDays: ["2026-12-27", "2027-01-01", "2027-01-03"] }),
        row({ kind: "split", from: "2027-01-01", to: "2027-01-01", closedDays: ["2027-01-01"], receptionNumber: 15 }),
      ],
      "2026-12-18",
    );
    expect(windows.map((cell) => cell.textContent)).toEqual(["12月25日〜2027年1月8日", "2027年1月1日"]);
    expect(screen.getAllByTestId("next-dispensing-closed").map((tag) => tag.textContent)).toEqual([
      "休業日 12月27日・2027年1月1日・2027年1月3日",
      "休業日",
    ]);
    const firstRow = screen.getAllByRole("row")[1]!;
    expect(within(firstRow).getByText("12月18日（金） 12番")).toBeTruthy();
  });

  it("writes a past year on the previous reception's day once the year has turned", SLOW, async () => {
    await shown([row({ from: "2027-01-01", to: "2027-01-15" })], "2027-01-04");
    expect(screen.getByTestId("next-dispensing-window").textContent).toBe("1月1日〜1月15日");
    expect(screen.getByText("2026年12月18日（金） 12番")).toBeTruthy();
    expect(screen.queryByTestId("next-dispensing-closed")).toBeNull();
  });
});
