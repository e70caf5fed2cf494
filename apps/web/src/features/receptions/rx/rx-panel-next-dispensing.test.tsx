// @vitest-environment jsdom
import { parseJahis } from "@pharmacy/contract/files/jahis-parser";
import { DEFAULT_BUSINESS_HOURS } from "@pharmacy/contract/settings/settings";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { stubBrowserLayout } from "../../../test-utils/staff-server";
import { RxPanel } from "./rx-panel";

afterEach(cleanup);

/** antd's first render takes seconds on a busy machine. */
const SLOW = { timeout: 60_000 };

/** A split prescription dispensed on 2026-12-18: 14 days, so the next part falls on 元日 2027-01-01. */
const SPLIT = parseJahis(
  [
    "JAHIS10",
    "11,,日薬 太郎,ﾆﾁﾔｸ ﾀﾛｳ",
    "51,20261218",
    "63,3,1",
    "101,1,1,内服,14",
    "201,1,1,1,2,620004992,ロキソニン錠,3,1,錠",
  ].join("\r\n"),
)!;

describe("the next dispensing on the detail panel", () => {
  it("flags a day the branch is closed and writes the year of another year", SLOW, () => {
    stubBrowserLayout();
    render(
      <RxPanel rx={SPLIT} name="処方箋 1" today="2026-12-18" dispensedOn="2026-12-18" hours={DEFAULT_BUSINESS_HOURS} />,
    );
    expect(screen.getByTestId("rx-next-dispensing").textContent).toBe("2027年1月1日（分割調剤 3回中2回目）");
    expect(screen.getByTestId("rx-next-dispensing-closed").textContent).toBe("休業日");
  });

  it("says nothing about closed days on a branch open that day", SLOW, () => {
    stubBrowserLayout();
    const hours = { ...DEFAULT_BUSINESS_HOURS, openOnHolidays: true };
    render(<RxPanel rx={SPLIT} name="処方箋 1" today="2027-01-01" dispensedOn="2026-12-18" hours={hours} />);
    expect(screen.getByTestId("rx-next-dispensing").textContent).toBe("1月1日（分割調剤 3回中2回目）");
    expect(screen.queryByTestId("rx-next-dispensing-closed")).toBeNull();
  });
});
