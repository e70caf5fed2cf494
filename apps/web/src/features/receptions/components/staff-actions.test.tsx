// @vitest-environment jsdom
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { PHOTO_REQUEST_REASON_LABELS } from "@pharmacy/contract/receptions/photo-requests";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
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

/*
 * Each staff action of the detail sends its own call, and only it: the exact method, path and body
 * that went out. A button wired to another call (呼び出す to hand_over) fails here.
 */

const TODAY = businessDateOf();

/** Today's list holds the reception; each change is answered with the reception as the server would make it. */
function serve(reception: Reception): SentCall[] {
  return stubStaffServer((call, url) => {
    if (call.method === "GET" && url.pathname === "/api/reception")
      return json({ receptions: [reception], total: 1, carried: [] });
    if (call.method === "GET" && url.pathname.endsWith("/history")) return json({ history: [] });
    if (call.method === "GET" && url.pathname === `/api/reception/${reception.id}`) return json(reception);
    if (call.method === "GET") return json({ message: "見つかりません。" }, 404);
    const body = (call.body ?? {}) as Partial<Reception>;
    if (url.pathname.endsWith("/call")) return json({ ...reception, calledAt: new Date().toISOString() });
    if (url.pathname.endsWith("/hand_over")) return json({ ...reception, handedOverAt: new Date().toISOString() });
    return json({ ...reception, ...(body.status && { status: body.status }) });
  });
}

function renderDetail(reception: Reception) {
  render(
    <StaffProviders>
      <ReceptionDetail receptionId={reception.id} listDate={TODAY} onSelect={() => undefined} />
    </StaffProviders>,
  );
}

beforeEach(stubBrowserLayout);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// antd's drawer and dialogs render slowly in jsdom on a shared machine: time enough, no timing asserted.
const SLOW = { timeout: 60_000 };

describe("the staff actions of a reception", SLOW, () => {
  it("調剤中にする sends PATCH of the next status", async () => {
    const reception = makeReception({ receptionDate: TODAY, status: "Reviewing" });
    const calls = serve(reception);
    renderDetail(reception);
    fireEvent.click(await screen.findByRole("button", { name: /調剤中にする/ }));
    await waitFor(() =>
      expect(changesSent(calls)).toEqual([
        { method: "PATCH", path: `/api/reception/${reception.id}`, body: { id: reception.id, status: "Dispensing" } },
      ]),
    );
  });

  it("確認中に戻す sends PATCH back one step", async () => {
    const reception = makeReception({ receptionDate: TODAY, status: "Dispensing" });
    const calls = serve(reception);
    renderDetail(reception);
    fireEvent.click(await screen.findByRole("button", { name: /確認中に戻す/ }));
    await waitFor(() =>
      expect(changesSent(calls)).toEqual([
        { method: "PATCH", path: `/api/reception/${reception.id}`, body: { id: reception.id, status: "Reviewing" } },
      ]),
    );
  });

  it("呼び出す sends POST …/call with no body, and nothing else", async () => {
    const reception = makeReception({ receptionDate: TODAY, status: "Completed" });
    const calls = serve(reception);
    renderDetail(reception);
    fireEvent.click(await screen.findByRole("button", { name: /呼び出す/ }));
    await waitFor(() =>
      expect(changesSent(calls)).toEqual([{ method: "POST", path: `/api/reception/${reception.id}/call` }]),
    );
  });

  it("お渡し済み sends POST …/hand_over with no body, and nothing else", async () => {
    const reception = makeReception({ receptionDate: TODAY, status: "Completed" });
    const calls = serve(reception);
    renderDetail(reception);
    fireEvent.click(await screen.findByRole("button", { name: /お渡し済み/ }));
    await waitFor(() =>
      expect(changesSent(calls)).toEqual([{ method: "POST", path: `/api/reception/${reception.id}/hand_over` }]),
    );
  });

  it("offers 調剤中に戻す on a ready reception, and not once its medicine is handed over", async () => {
    const ready = makeReception({ receptionDate: TODAY, status: "Completed" });
    serve(ready);
    renderDetail(ready);
    expect(await screen.findByRole("button", { name: /調剤中に戻す/ })).toBeTruthy();
    cleanup();
    const handedOver = { ...ready, handedOverAt: new Date().toISOString() };
    serve(handedOver);
    renderDetail(handedOver);
    // the detail has loaded once its 完了 step shows; then no button takes the reception back
    expect((await screen.findAllByText("お渡し済み")).length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: /調剤中に戻す/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /お渡し済み/ })).toBeNull();
  });

  it("写真の再送を依頼 sends POST …/photo_request with the chosen reason and the message", async () => {
    const reception = makeReception({ receptionDate: TODAY, status: "Reviewing", channel: "Web" });
    const calls = serve(reception);
    renderDetail(reception);
    fireEvent.click(await screen.findByRole("button", { name: /写真の再送を依頼/ }));
    const send = await screen.findByRole("button", { name: "依頼する" });
    const dialog = within(send.closest<HTMLElement>(".ant-modal")!);
    fireEvent.click(dialog.getByLabelText(PHOTO_REQUEST_REASON_LABELS.CutOff));
    fireEvent.change(dialog.getByRole("textbox"), { target: { value: "右端が切れています" } });
    fireEvent.click(send);
    await waitFor(() =>
      expect(changesSent(calls)).toEqual([
        {
          method: "POST",
          path: `/api/reception/${reception.id}/photo_request`,
          body: { reason: "CutOff", message: "右端が切れています" },
        },
      ]),
    );
  });

  it("分割 sends PUT of that prescription into the next partition", async () => {
    const reception = makeReception({
      receptionDate: TODAY,
      status: "Reviewing",
      prescriptions: [makePrescription(1), makePrescription(2)],
    });
    const calls = serve(reception);
    renderDetail(reception);
    fireEvent.click((await screen.findAllByRole("button", { name: /を分割$/ }))[1]!);
    fireEvent.click(await screen.findByRole("button", { name: "分割する" }));
    await waitFor(() =>
      expect(changesSent(calls)).toEqual([
        {
          method: "PUT",
          path: `/api/reception/${reception.id}/prescription/${makePrescription(2).prescriptionId}`,
          body: { partitionNumber: 2 },
        },
      ]),
    );
  });
});
