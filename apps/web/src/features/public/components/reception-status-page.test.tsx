// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { formatMonthDay } from "@pharmacy/contract/calendar/date-labels";
import { addDays, businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import type { PublicReceptionStatus } from "@pharmacy/contract/public/public";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReceptionStatusPage } from "./reception-status-page";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A line whose text is split by the larger number inside it. */
const line = (text: string) => (_content: string, element: Element | null) =>
  element?.tagName === "P" && element.textContent?.replace(/\s+/g, " ").trim() === text;

function statusOf(overrides: Partial<PublicReceptionStatus>): PublicReceptionStatus {
  return {
    pharmacyName: "さくら薬局",
    receptionNumber: 12,
    partitionNumber: 0,
    receptionDate: businessDateOf(),
    status: "Dispensing",
    createdAt: new Date().toISOString(),
    answers: { receiveMethod: "Pharmacy" },
    openNow: true,
    nextOpening: null,
    ahead: 3,
    ...overrides,
  };
}

function serve(status: PublicReceptionStatus): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(status), { status: 200 })),
  );
}

describe("the visitor's status page", () => {
  it("says how many are ahead and when the medicine should be ready", async () => {
    serve(statusOf({ estimatedReadyAt: "2026-11-23T05:35:00.000Z" }));
    render(<ReceptionStatusPage statusToken={"t".repeat(32)} />);
    expect(await screen.findByText(line("あなたの前に 3人"))).toBeTruthy();
    expect(screen.getByText(line("お渡しの目安 14:35ごろ"))).toBeTruthy();
  });

  it("when the status cannot be loaded, says so and loads it again on 「もう一度読み込む」", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ message: "一時的に利用できません" }), { status: 503 })),
    );
    render(<ReceptionStatusPage statusToken={"t".repeat(32)} />);
    expect(await screen.findByRole("heading", { name: "受付状況を表示できませんでした" })).toBeTruthy();
    serve(statusOf({}));
    fireEvent.click(screen.getByRole("button", { name: "もう一度読み込む" }));
    expect(await screen.findByText(line("あなたの前に 3人"))).toBeTruthy();
  });

  it("leaves the ready time out without an estimate, and the wait once the medicine is ready", async () => {
    serve(statusOf({ ahead: 0 }));
    render(<ReceptionStatusPage statusToken={"t".repeat(32)} />);
    expect(await screen.findByText(line("あなたの前に 0人"))).toBeTruthy();
    expect(screen.queryByText(/お渡しの目安/)).toBeNull();
    cleanup();

    serve(statusOf({ status: "Completed", ahead: 0, calledAt: new Date().toISOString() }));
    render(<ReceptionStatusPage statusToken={"t".repeat(32)} />);
    expect(await screen.findByText("お薬をお渡しできます")).toBeTruthy();
    expect(screen.getByText("お呼びしています。お渡し口までお越しください。")).toBeTruthy();
    expect(screen.queryByText(/あなたの前に/)).toBeNull();
  });

  it("shows why staff ask for a new photo, in their words too, with the photo picker", async () => {
    serve(
      statusOf({
        photoRequest: { reason: "CutOff", message: "下の部分が切れています", requestedAt: new Date().toISOString() },
      }),
    );
    render(<ReceptionStatusPage statusToken={"t".repeat(32)} />);
    expect(await screen.findByText("処方箋の一部が写っていません")).toBeTruthy();
    expect(screen.getByText("下の部分が切れています")).toBeTruthy();
    expect(screen.getByRole("button", { name: "写真を送る" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "カメラで撮影" })).toBeTruthy();
  });

  it("names the day and number of a reception sent overnight for the next opening, and when it is looked at", async () => {
    const tomorrow = addDays(businessDateOf(), 1);
    serve(
      statusOf({
        receptionNumber: 1,
        receptionDate: tomorrow,
        status: null,
        openNow: false,
        nextOpening: { date: tomorrow, time: "09:00" },
        ahead: 0,
      }),
    );
    render(<ReceptionStatusPage statusToken={"t".repeat(32)} />);
    expect(await screen.findByText(`${formatMonthDay(tomorrow)}の受付番号`)).toBeTruthy();
    expect(screen.getByTestId("status-closed").textContent).toBe(
      `ただいま営業時間外です。${formatMonthDay(tomorrow)}09:00の開店後に確認します。`,
    );
    cleanup();

    serve(statusOf({ receptionNumber: 12 }));
    render(<ReceptionStatusPage statusToken={"t".repeat(32)} />);
    expect((await screen.findByTestId("status-number-label")).textContent).toBe("受付番号");
  });

  it("says the medicine was handed over, and when, offering neither notices nor a photo re-send", async () => {
    // an iPhone: the page offers notices through 「ホーム画面に追加」 while they still mean something
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)");
    serve(statusOf({ status: "Completed", ahead: 0 }));
    render(<ReceptionStatusPage statusToken={"t".repeat(32)} />);
    expect(await screen.findByTestId("push-ios-note")).toBeTruthy();
    cleanup();

    const handedOverAt = new Date(Date.now() - 60_000).toISOString();
    serve(statusOf({ status: "Completed", ahead: 0, calledAt: handedOverAt, handedOverAt }));
    render(<ReceptionStatusPage statusToken={"t".repeat(32)} />);
    expect(await screen.findByText("お薬はお渡し済みです")).toBeTruthy();
    expect(screen.getByTestId("status-detail").textContent).toMatch(/^\d{2}:\d{2}にお渡ししました。$/);
    expect(screen.queryByText("お薬をお渡しできます")).toBeNull();
    expect(screen.queryByText(/お呼びしています/)).toBeNull();
    expect(screen.queryByTestId("push-ios-note")).toBeNull();
    expect(screen.queryByText(/自動で更新されます/)).toBeNull();
    cleanup();

    // ready days ago and never called: still no sign-up once handed over
    serve(
      statusOf({
        status: "Completed",
        ahead: 0,
        receptionDate: "2026-06-03",
        handedOverAt: "2026-06-03T01:20:00.000Z",
      }),
    );
    render(<ReceptionStatusPage statusToken={"t".repeat(32)} />);
    expect((await screen.findByTestId("status-detail")).textContent).toBe("6月3日（水）10:20にお渡ししました。");
    expect(screen.queryByTestId("push-ios-note")).toBeNull();
  });
});
