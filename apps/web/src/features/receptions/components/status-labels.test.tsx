// @vitest-environment jsdom
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeReception } from "../../../test-utils/receptions";
import { StaffProviders, stubBrowserLayout } from "../../../test-utils/staff-server";
import { ReceptionTable } from "./reception-table";
import { StatusActions } from "./status-actions";

/* The staff's words for where a reception stands, as the screens draw them: staff work by these names. */

const TODAY = businessDateOf();
const HANDED_OVER = { status: "Completed" as const, handedOverAt: new Date().toISOString() };

beforeEach(stubBrowserLayout);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// antd renders slowly in jsdom on a shared machine: time enough, no timing asserted.
describe("the staff's status labels", { timeout: 60_000 }, () => {
  it("are 未確認, 確認中, 調剤中, 完了 and お渡し済み in the list", () => {
    const receptions = [
      { status: null },
      { status: "Reviewing" as const },
      { status: "Dispensing" as const },
      { status: "Completed" as const },
      HANDED_OVER,
    ].map((standing, index) => makeReception({ receptionDate: TODAY, receptionNumber: index + 1, ...standing }));
    render(
      <StaffProviders>
        <ReceptionTable
          receptions={receptions}
          listDate={TODAY}
          loading={false}
          selectedId={undefined}
          arrivals={new Set()}
          emptyText=""
          onSelect={() => undefined}
        />
      </StaffProviders>,
    );
    expect(screen.getAllByTestId("row-status").map((tag) => tag.textContent)).toEqual([
      "未確認",
      "確認中",
      "調剤中",
      "完了",
      "お渡し済み",
    ]);
  });

  it("name the steps 確認中 → 調剤中 → 完了 above the buttons that move it", () => {
    render(
      <StaffProviders>
        <StatusActions reception={makeReception({ receptionDate: TODAY, status: "Dispensing" })} />
      </StaffProviders>,
    );
    const steps = screen.getByLabelText("ステータス");
    expect(
      within(steps)
        .getAllByText(/^(確認中|調剤中|完了)$/)
        .map((step) => step.textContent),
    ).toEqual(["確認中", "調剤中", "完了"]);
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual(["確認中に戻す", "完了にする"]);
  });

  it("offer no move once the medicine is handed over (the server would refuse it)", () => {
    render(
      <StaffProviders>
        <StatusActions reception={makeReception({ receptionDate: TODAY, ...HANDED_OVER })} />
      </StaffProviders>,
    );
    expect(screen.queryByRole("button", { name: /戻す|にする/ })).toBeNull();
    expect(screen.getByText("お渡し済み")).toBeTruthy();
  });
});
