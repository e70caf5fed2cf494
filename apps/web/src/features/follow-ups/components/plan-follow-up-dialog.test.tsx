// @vitest-environment jsdom
import { addDays, businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import type { CareContact } from "@pharmacy/contract/follow-ups/follow-ups";
import { SHIPPED_FOLLOW_UP_TEMPLATES } from "@pharmacy/contract/follow-ups/follow-up-templates";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatMonthDay } from "@pharmacy/contract/calendar/date-labels";
import { makeReception } from "../../../test-utils/receptions";
import {
  changesSent,
  json,
  StaffProviders,
  stubBrowserLayout,
  stubStaffServer,
} from "../../../test-utils/staff-server";
import { ReceptionFollowUps } from "./reception-follow-ups";

/*
 * docs/rules.md#continuity-of-care at hand-over: 「7日後に体調確認」 in two taps — the quick choice, then 予定する — with the
 * questionnaire and the channel already chosen, and the patient's consent recorded when given at the counter.
 */

const TODAY = businessDateOf();

function serve(contact: CareContact | null) {
  let saved = contact;
  return stubStaffServer(({ method, path, body }) => {
    const sent = body as Record<string, unknown> | undefined;
    if (path === "/api/follow_up_templates") return json({ templates: SHIPPED_FOLLOW_UP_TEMPLATES, own: false });
    if (path.endsWith("/care_contact")) {
      if (method === "PUT")
        saved = {
          email: sent?.email as string,
          phone: sent?.phone as string,
          push: false,
          line: false,
          source: "staff",
          consentedAt: new Date().toISOString(),
        };
      return json({ contact: saved });
    }
    if (path.endsWith("/follow_ups") && method === "GET") return json({ followUps: [] });
    if (path.endsWith("/follow_ups") && method === "POST") {
      return json(
        {
          id: "90000000-0000-4000-8000-000000000001",
          receptionId: "90000000-0000-4000-8000-000000000002",
          dueOn: addDays(TODAY, 7),
          template: sent?.template,
          templateName: "一般",
          channel: sent?.channel,
          status: "scheduled",
          createdBy: { id: "90000000-0000-4000-8000-000000000003", name: "薬剤師 一郎" },
          createdAt: new Date().toISOString(),
          flags: [],
        },
        201,
      );
    }
    return json({ message: "not found" }, 404);
  });
}

function completed(overrides: Partial<Reception> = {}): Reception {
  return makeReception({
    receptionDate: TODAY,
    status: "Completed",
    handedOverAt: new Date().toISOString(),
    phone: "09012345678",
    ...overrides,
  });
}

const inhaler = {
  prescriptionId: "10000000-0000-4000-8000-000000000009",
  sourceType: "Paper" as const,
  rx: {
    rps: [{ drugs: [{ name: "アドエア250ディスカス28吸入用" }] }],
  },
} as unknown as Reception["prescriptions"][number];

async function openDialog(days: string) {
  fireEvent.click(await screen.findByRole("button", { name: days }));
  return within(await screen.findByRole("dialog"));
}

beforeEach(stubBrowserLayout);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// antd's modal and select render slowly in jsdom on a shared machine: time enough, no timing asserted.
const SLOW = { timeout: 60_000 };

describe("planning a follow-up at hand-over", SLOW, () => {
  it("plans 「7日後」 by e-mail with 一般 in two taps when the patient's e-mail is kept", async () => {
    const calls = serve({
      email: "hanako@example.jp",
      push: false,
      line: false,
      source: "web",
      consentedAt: new Date().toISOString(),
    });
    render(
      <StaffProviders>
        <ReceptionFollowUps reception={completed()} />
      </StaffProviders>,
    );
    const dialog = await openDialog("7日後");
    expect(dialog.getByTestId("plan-summary").textContent).toBe(
      `${formatMonthDay(addDays(TODAY, 7))}の開店時に、質問票のリンクをメールで送ります`,
    );
    expect((dialog.getByRole("radio", { name: "メール" }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.getByText("一般（6問）")).toBeTruthy();

    fireEvent.click(dialog.getByRole("button", { name: "予定する" }));
    await waitFor(() => expect(changesSent(calls)).toHaveLength(1));
    expect(changesSent(calls)[0]).toMatchObject({
      method: "POST",
      body: { daysAfter: 7, template: "general", channel: "email" },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("without a kept contact, offers the phone only and picks the questionnaire that fits the medicine", async () => {
    const calls = serve(null);
    render(
      <StaffProviders>
        <ReceptionFollowUps reception={completed({ prescriptions: [inhaler] })} />
      </StaffProviders>,
    );
    const dialog = await openDialog("14日後");
    expect((dialog.getByRole("radio", { name: "メール" }) as HTMLInputElement).disabled).toBe(true);
    expect((dialog.getByRole("radio", { name: "プッシュ通知" }) as HTMLInputElement).disabled).toBe(true);
    expect((dialog.getByRole("radio", { name: "電話" }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.getByText("吸入薬（6問）")).toBeTruthy();
    expect(dialog.getByTestId("plan-summary").textContent).toBe(
      `${formatMonthDay(addDays(TODAY, 14))}に、電話で確認する一覧に載ります`,
    );

    fireEvent.click(dialog.getByRole("button", { name: "予定する" }));
    await waitFor(() => expect(changesSent(calls)).toHaveLength(1));
    expect(changesSent(calls)[0]!.body).toEqual({ daysAfter: 14, template: "inhaler", channel: "phone" });
  });

  it("records the consent and e-mail given at the counter before planning by e-mail", async () => {
    const calls = serve(null);
    render(
      <StaffProviders>
        <ReceptionFollowUps reception={completed()} />
      </StaffProviders>,
    );
    const dialog = await openDialog("7日後");
    fireEvent.click(dialog.getByRole("checkbox", { name: "患者さまが体調確認の連絡を受け取ることに同意しました" }));
    fireEvent.change(dialog.getByLabelText("メールアドレス"), { target: { value: "hanako@example.jp" } });
    // A typed e-mail with the consent makes the e-mail channel the choice.
    expect((dialog.getByRole("radio", { name: "メール" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dialog.getByRole("button", { name: "予定する" }));

    await waitFor(() => expect(changesSent(calls)).toHaveLength(2));
    expect(changesSent(calls)[0]).toMatchObject({
      method: "PUT",
      body: { consent: true, email: "hanako@example.jp", phone: "09012345678" },
    });
    expect(changesSent(calls)[0]!.path).toMatch(/\/care_contact$/);
    expect(changesSent(calls)[1]).toMatchObject({
      method: "POST",
      body: { daysAfter: 7, template: "general", channel: "email" },
    });
  });

  it("sends nothing while the consent has neither an e-mail nor a phone, or the e-mail is not one", async () => {
    const calls = serve(null);
    render(
      <StaffProviders>
        <ReceptionFollowUps reception={completed({ phone: undefined })} />
      </StaffProviders>,
    );
    const dialog = await openDialog("3日後");
    fireEvent.click(dialog.getByRole("checkbox", { name: "患者さまが体調確認の連絡を受け取ることに同意しました" }));
    fireEvent.click(dialog.getByRole("button", { name: "予定する" }));
    expect(await dialog.findByText("メールアドレスか電話番号を入力してください")).toBeTruthy();
    fireEvent.change(dialog.getByLabelText("メールアドレス"), { target: { value: "hanako@example" } });
    expect(await dialog.findByText("メールアドレスは有効なメールアドレスではありません")).toBeTruthy();
    expect(changesSent(calls)).toHaveLength(0);
  });
});
