// @vitest-environment jsdom
import { parseJahis } from "@pharmacy/contract/files/jahis-parser";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { stubBrowserLayout } from "../../../test-utils/staff-server";
import { RxPanel } from "./rx-panel";

afterEach(cleanup);

const payload = (...records: string[]) => ["JAHIS10", "11,,日薬 太郎,ﾆﾁﾔｸ ﾀﾛｳ", "51,20261120", ...records].join("\r\n");

/** antd's first render takes seconds on a busy machine. */
const SLOW = { timeout: 60_000 };

describe("the lines of the code that were not read", () => {
  it("are counted and shown as printed above the prescription", SLOW, () => {
    stubBrowserLayout();
    const rx = parseJahis(payload("201,1,1,,,,,,,", "999,未来の行", "101,1,1,内服,7", "111,1,1,,１日１回朝食後"))!;
    render(<RxPanel rx={rx} name="処方箋 1" today="2026-11-20" />);
    const notice = screen.getByTestId("rx-unread-lines");
    expect(within(notice).getByText("読み取れなかった行が 2 件あります")).toBeTruthy();
    expect(notice.querySelector("pre")!.textContent).toBe("201,1,1,,,,,,,\n999,未来の行");
  });

  it("say nothing when every line was read, and the documented layout keeps its drug", SLOW, () => {
    stubBrowserLayout();
    const rx = parseJahis(
      payload("201,1,1,,4,2492413G4027,ヒューマログ注ミリオペン,4,1,キット", "111,1,1,１日１回注射"),
    )!;
    render(<RxPanel rx={rx} name="処方箋 1" today="2026-11-20" />);
    expect(screen.queryByTestId("rx-unread-lines")).toBeNull();
    expect(screen.getByText("ヒューマログ注ミリオペン")).toBeTruthy();
    expect(screen.getByText("１日１回注射")).toBeTruthy();
  });
});
