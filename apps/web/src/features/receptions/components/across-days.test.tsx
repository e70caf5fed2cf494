// @vitest-environment jsdom
import { formatSlashDate } from "@pharmacy/contract/calendar/date-labels";
import { addDays, businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import type { Reception, ReceptionList } from "@pharmacy/contract/receptions/receptions";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makePrescription, makeReception } from "../../../test-utils/receptions";
import {
  changesSent,
  json,
  StaffProviders,
  stubBrowserLayout,
  stubStaffServer,
  type SentCall,
} from "../../../test-utils/staff-server";
import { ReceptionDetail } from "./reception-detail";
import { ReceptionTable } from "./reception-table";

/*
 * docs/rules.md#across-days on the staff screen: a carried row shows its own day beside its number, and every action of
 * a carried or past day's reception reaches the server's call for that reception.
 */

const TODAY = businessDateOf();
const YESTERDAY = addDays(TODAY, -1);

/** A stubbed server: today's list (with `carried`), any other day's list, and each action answered with the reception changed. */
function serve(today: ReceptionList, receptionOf: (id: string) => Reception): SentCall[] {
  return stubStaffServer((call, url) => {
    if (call.method === "GET" && url.pathname === "/api/reception") {
      return json(url.searchParams.get("date") === TODAY ? today : { receptions: [], total: 0, carried: [] });
    }
    const match = /^\/api\/reception\/([^/]+)(?:\/(\w+))?/.exec(url.pathname);
    if (call.method === "GET" && match?.[2] === "history") return json({ history: [] });
    if (call.method === "GET" && match && !match[2]) return json(receptionOf(match[1]!));
    if (match && call.method !== "GET") {
      const reception = receptionOf(match[1]!);
      const body = (call.body ?? {}) as Partial<Reception>;
      if (match[2] === "call") return json({ ...reception, calledAt: new Date().toISOString() });
      if (match[2] === "hand_over") return json({ ...reception, handedOverAt: new Date().toISOString() });
      if (match[2] === "prescription") return json(reception);
      return json({ ...reception, ...(body.status && { status: body.status }) });
    }
    return json({ message: "not found" }, 404);
  });
}

function renderDetail(reception: Reception, listDate = TODAY) {
  render(
    <StaffProviders>
      <ReceptionDetail receptionId={reception.id} listDate={listDate} onSelect={() => undefined} />
    </StaffProviders>,
  );
}

const actions = changesSent;

beforeEach(stubBrowserLayout);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// antd's table and drawer render slowly in jsdom on a shared machine: time enough, no timing asserted.
const SLOW = { timeout: 60_000 };

describe("a carried row in the list", SLOW, () => {
  it("shows its own day beside its number; today's row shows the number alone", () => {
    const carried = makeReception({ receptionNumber: 8, receptionDate: YESTERDAY, status: "Dispensing" });
    const todays = makeReception({ receptionNumber: 8, receptionDate: TODAY, status: "Reviewing" });
    const onSelect = vi.fn();
    render(
      <StaffProviders>
        <ReceptionTable
          receptions={[carried, todays]}
          listDate={TODAY}
          loading={false}
          selectedId={undefined}
          arrivals={new Set()}
          emptyText=""
          onSelect={onSelect}
        />
      </StaffProviders>,
    );
    const numbers = screen.getAllByTestId("row-number").map((cell) => cell.textContent);
    expect(numbers).toEqual([`${formatSlashDate(YESTERDAY)} - 8`, "8"]);
    fireEvent.click(screen.getAllByTestId("row-number")[0]!);
    expect(onSelect).toHaveBeenCalledWith(carried.id);
  });

  it("tells お渡し済み from 完了, marks 呼出済み, and flags 未受取 three days after the pickup day", () => {
    const ready = makeReception({ receptionNumber: 1, receptionDate: TODAY, status: "Completed" });
    const called = makeReception({
      receptionNumber: 2,
      receptionDate: TODAY,
      status: "Completed",
      calledAt: new Date().toISOString(),
    });
    const handedOver = makeReception({
      receptionNumber: 3,
      receptionDate: TODAY,
      status: "Completed",
      handedOverAt: new Date().toISOString(),
    });
    const uncollected = makeReception({ receptionNumber: 4, receptionDate: addDays(TODAY, -3), status: "Completed" });
    render(
      <StaffProviders>
        <ReceptionTable
          receptions={[ready, called, handedOver, uncollected]}
          listDate={TODAY}
          loading={false}
          selectedId={undefined}
          arrivals={new Set()}
          emptyText=""
          onSelect={() => undefined}
        />
      </StaffProviders>,
    );
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByTestId("row-status").textContent)).toEqual([
      "完了",
      "完了",
      "お渡し済み",
      "完了",
    ]);
    expect(within(rows[1]!).getByText("呼出済み")).toBeTruthy();
    expect(within(rows[0]!).queryByText("呼出済み")).toBeNull();
    expect(within(rows[3]!).getByText("未受取")).toBeTruthy();
    expect(within(rows[0]!).queryByText("未受取")).toBeNull();
  });
});

describe("every action on a carried reception", SLOW, () => {
  it("moves it on with PATCH of its own id, shows its day, and never 'opens' it", async () => {
    const carried = makeReception({
      receptionNumber: 8,
      receptionDate: YESTERDAY,
      status: "Dispensing",
      channel: "Web",
    });
    const calls = serve({ receptions: [], total: 0, carried: [carried] }, () => carried);
    renderDetail(carried);
    expect((await screen.findByTestId("detail-number")).textContent).toBe(`${formatSlashDate(YESTERDAY)} - 8`);
    // edit, photo request and delete are there as on today's rows
    expect(screen.getByRole("button", { name: /編集/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /写真の再送を依頼/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /受付を削除/ })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /完了にする/ }));
    await waitFor(() =>
      expect(actions(calls)).toEqual([
        { method: "PATCH", path: `/api/reception/${carried.id}`, body: { id: carried.id, status: "Completed" } },
      ]),
    );
  });

  it("calls it and hands it over through its own call and hand_over", async () => {
    const carried = makeReception({ receptionNumber: 8, receptionDate: YESTERDAY, status: "Completed" });
    const calls = serve({ receptions: [], total: 0, carried: [carried] }, () => carried);
    renderDetail(carried);
    fireEvent.click(await screen.findByRole("button", { name: /呼び出す/ }));
    await waitFor(() =>
      expect(actions(calls).map((call) => `${call.method} ${call.path}`)).toEqual([
        `POST /api/reception/${carried.id}/call`,
      ]),
    );
    fireEvent.click(screen.getByRole("button", { name: /お渡し済み/ }));
    await waitFor(() =>
      expect(actions(calls).map((call) => `${call.method} ${call.path}`)).toEqual([
        `POST /api/reception/${carried.id}/call`,
        `POST /api/reception/${carried.id}/hand_over`,
      ]),
    );
  });

  it("splits one of its prescriptions into the next partition of its own number", async () => {
    const carried = makeReception({
      receptionNumber: 8,
      receptionDate: YESTERDAY,
      status: "Reviewing",
      prescriptions: [makePrescription(1), makePrescription(2)],
    });
    const calls = serve({ receptions: [], total: 0, carried: [carried] }, () => carried);
    renderDetail(carried);
    fireEvent.click((await screen.findAllByRole("button", { name: /を分割$/ }))[0]!);
    fireEvent.click(await screen.findByRole("button", { name: "分割する" }));
    await waitFor(() =>
      expect(actions(calls)).toEqual([
        {
          method: "PUT",
          path: `/api/reception/${carried.id}/prescription/${makePrescription(1).prescriptionId}`,
          body: { partitionNumber: 2 },
        },
      ]),
    );
  });
});

describe("a past day's unopened reception", SLOW, () => {
  it("offers 確認中にする (opening it does not move it on) and sends it as a PATCH", async () => {
    const pastDay = addDays(TODAY, -5);
    const unopened = makeReception({ receptionNumber: 3, receptionDate: pastDay, status: null });
    const calls = serve({ receptions: [], total: 0, carried: [] }, () => unopened);
    renderDetail(unopened, pastDay);
    fireEvent.click(await screen.findByRole("button", { name: /確認中にする/ }));
    await waitFor(() =>
      expect(actions(calls)).toEqual([
        { method: "PATCH", path: `/api/reception/${unopened.id}`, body: { id: unopened.id, status: "Reviewing" } },
      ]),
    );
  });
});
