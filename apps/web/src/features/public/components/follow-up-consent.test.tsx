import { sayInJapanese } from "../../../test-utils/say";
// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { FOLLOW_UP_CONSENT_LABEL } from "@pharmacy/contract/follow-ups/patient-page";
import type { PublicPharmacy } from "@pharmacy/contract/public/public";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_EMAIL_REQUIRED } from "../form-steps";
import { WebReceptionForm } from "./web-reception-form";

/*
 * docs/rules.md#continuity-of-care on the web form: 「服薬後に体調確認の連絡を受け取る」 is the patient's choice (unticked), says
 * what they will get, asks for the e-mail it needs, and travels as followUpConsent=true with it.
 */

const pharmacy: PublicPharmacy = {
  name: "さくら薬局",
  address: "東京都千代田区1-1",
  phone: "0312345678",
  businessHours: { weekly: [], closedDates: [], openOnHolidays: false },
  today: { date: businessDateOf(), periods: [], openNow: true },
  // No question: the form is the photos' step and then the name and contact.
  questions: [],
  enabledReceiveMethods: ["Pharmacy"],
  holidays: [],
  privacyNotice: "個人情報の利用目的",
};

function serve() {
  const bodies: FormData[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(init?.body as FormData);
      return new Response(
        JSON.stringify({
          receptionNumber: 3,
          partitionNumber: 0,
          receptionDate: businessDateOf(),
          statusToken: "s".repeat(32),
        }),
        { status: 201 },
      );
    }),
  );
  return bodies;
}

function renderOnContactStep() {
  const onSent = vi.fn();
  render(<WebReceptionForm publicSlug="sakura" pharmacy={pharmacy} onSent={onSent} onStepChange={() => undefined} />);
  fireEvent.click(screen.getByRole("button", { name: /次へ/ }));
  fireEvent.change(screen.getByLabelText("お名前（フリガナ）"), { target: { value: "ヤマダ ハナコ" } });
  fireEvent.change(screen.getByLabelText("電話番号"), { target: { value: "09012345678" } });
  return onSent;
}

beforeEach(() => {
  sessionStorage.clear();
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(cleanup);

describe("the follow-up consent on the web form", () => {
  it("is unticked, says what the patient will receive, and is not sent when left so", async () => {
    const bodies = serve();
    const onSent = renderOnContactStep();
    const fold = screen.getByText("メールでのお知らせ・服薬後の体調確認（任意）").closest("details")!;
    expect(fold.open).toBe(false);
    const consent = screen.getByRole("checkbox", {
      name: `${FOLLOW_UP_CONSENT_LABEL}（任意）`,
      hidden: true,
    }) as HTMLInputElement;
    expect(consent.checked).toBe(false);
    expect(screen.getByText(/体調やお薬の飲み具合をうかがう短い質問/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "この内容で受付する" }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(bodies[0]!.has("followUpConsent")).toBe(false);
  });

  it("ticked, asks for the e-mail before sending, then sends the consent with it", async () => {
    const bodies = serve();
    const onSent = renderOnContactStep();
    fireEvent.click(screen.getByText("メールでのお知らせ・服薬後の体調確認（任意）"));
    fireEvent.click(screen.getByRole("checkbox", { name: `${FOLLOW_UP_CONSENT_LABEL}（任意）`, hidden: true }));
    expect(screen.getByText("メールでのお知らせ・服薬後の体調確認（任意）").closest("details")!.open).toBe(true);
    expect(screen.getByLabelText("メールアドレス")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "この内容で受付する" }));
    expect(await screen.findByText(sayInJapanese(CONSENT_EMAIL_REQUIRED)!)).toBeTruthy();
    expect(bodies).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("メールアドレス"), { target: { value: "hanako@example.jp" } });
    fireEvent.click(screen.getByRole("button", { name: "この内容で受付する" }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(bodies[0]!.get("followUpConsent")).toBe("true");
    expect(bodies[0]!.get("email")).toBe("hanako@example.jp");
  });
});
