// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import type { PublicPharmacy } from "@pharmacy/contract/public/public";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { draftOf } from "../form-draft";
import { WebReceptionForm } from "./web-reception-form";

/*
 * A send whose answer never reaches the phone (closed 250 ms after 「この内容で受付する」, the network
 * gone): every try of one form fill carries the same Idempotency-Key, and a reloaded page asks the server
 * whether that send arrived and then shows its reception.
 */

const pharmacy: PublicPharmacy = {
  name: "さくら薬局",
  address: "東京都千代田区1-1",
  phone: "0312345678",
  businessHours: { weekly: [], closedDates: [], openOnHolidays: false },
  today: { date: businessDateOf(), periods: [], openNow: true },
  questions: [],
  enabledReceiveMethods: ["Pharmacy"],
  holidays: [],
  privacyNotice: "個人情報の利用目的",
};
const created = { receptionNumber: 3, receptionDate: businessDateOf(), statusToken: "s".repeat(32) };

beforeEach(() => {
  sessionStorage.clear();
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const onSent = vi.fn();
  render(<WebReceptionForm publicSlug="sakura" pharmacy={pharmacy} onSent={onSent} onStepChange={() => undefined} />);
  return onSent;
}

describe("sending the web form again", () => {
  it("sends every try of one form fill with the same key, kept with the draft before the answer comes", async () => {
    const keys: (string | null)[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        keys.push(new Headers(init?.headers).get("Idempotency-Key"));
        throw new TypeError("network");
      }),
    );
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: /次へ/ }));
    fireEvent.change(screen.getByLabelText("お名前（フリガナ）"), { target: { value: "ヤマダ ハナコ" } });
    fireEvent.change(screen.getByLabelText("電話番号"), { target: { value: "09012345678" } });
    fireEvent.click(screen.getByRole("button", { name: "この内容で受付する" }));
    await vi.waitFor(() => expect(keys).toHaveLength(1));
    expect(draftOf("sakura")).toMatchObject({ sendKey: keys[0], sendTried: true });
    const again = await screen.findByRole<HTMLButtonElement>("button", { name: "この内容で受付する" });
    await vi.waitFor(() => expect(again.disabled).toBe(false));
    fireEvent.click(again);
    await vi.waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("after a reload, asks with the key whether the send arrived and shows its reception", async () => {
    const key = crypto.randomUUID();
    sessionStorage.setItem(
      "web_form_draft:sakura",
      JSON.stringify({
        step: 1,
        answers: {},
        patientName: "ヤマダ ハナコ",
        phone: "09012345678",
        exchangeNumber: "",
        email: "",
        photoCount: 0,
        sendKey: key,
        sendTried: true,
      }),
    );
    const urls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify(created), { status: 200 });
      }),
    );
    const onSent = renderForm();
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledWith(created, {}));
    expect(urls).toEqual([`/api/public/pharmacy/sakura/reception/${key}`]);
    expect(draftOf("sakura")).toBeUndefined();
  });

  it("after a reload whose send never arrived, stays on the form with the same key", async () => {
    const key = crypto.randomUUID();
    sessionStorage.setItem(
      "web_form_draft:sakura",
      JSON.stringify({
        step: 1,
        answers: {},
        patientName: "ヤマダ ハナコ",
        phone: "09012345678",
        exchangeNumber: "",
        email: "",
        photoCount: 0,
        sendKey: key,
        sendTried: true,
      }),
    );
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ message: "x" }), { status: 404 })),
    );
    const onSent = renderForm();
    expect(await screen.findByRole("button", { name: "この内容で受付する" })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onSent).not.toHaveBeenCalled();
    expect(draftOf("sakura")?.sendKey).toBe(key);
  });
});
