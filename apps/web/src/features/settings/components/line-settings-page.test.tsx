// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { LineSettings } from "@pharmacy/contract/line/line";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setUser } from "../../../lib/auth/session";
import {
  json,
  makeStaffStore,
  StaffProviders,
  stubBrowserLayout,
  stubStaffServer,
} from "../../../test-utils/staff-server";
import { ADMIN } from "../../../test-utils/staff-user";
import { LineSettingsPage } from "./line-settings-page";

const SECRET = "0123456789abcdef0123456789abcdef";
const TOKEN = "A".repeat(40) + "+/=";
const WEBHOOK = "https://uketsuke.example.jp/api/line/webhook/abc123def456";

const notConnected: LineSettings = {
  connected: false,
  monthlyLimit: null,
  sentThisMonth: 0,
  overQuotaThisMonth: 0,
  webhookUrl: WEBHOOK,
};
const connected: LineSettings = {
  connected: true,
  basicId: "@123abcde",
  displayName: "さくら薬局",
  monthlyLimit: 200,
  sentThisMonth: 12,
  overQuotaThisMonth: 3,
  webhookUrl: WEBHOOK,
};

/** The server's LINE settings calls: GET answers `current`, PUT answers `saved` (or a refusal). */
function serve(current: LineSettings, put: { status: number; body: unknown }) {
  let state = current;
  return stubStaffServer(({ method }) => {
    if (method === "PUT") {
      if (put.status === 200) state = put.body as LineSettings;
      return json(put.body, put.status);
    }
    return json(state);
  });
}

function renderAsAdmin(): void {
  const store = makeStaffStore();
  store.dispatch(setUser(ADMIN));
  render(
    <StaffProviders store={store}>
      <LineSettingsPage />
    </StaffProviders>,
  );
}

beforeEach(stubBrowserLayout);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 60_000 };

describe("/settings/line/", SLOW, () => {
  it("shows the webhook address, sends what was pasted, and shows the account LINE confirmed; the secret never comes back", async () => {
    const calls = serve(notConnected, { status: 200, body: connected });
    renderAsAdmin();
    expect((await screen.findByTestId("line-webhook-url")).textContent).toContain(WEBHOOK);
    fireEvent.change(screen.getByLabelText("チャネルシークレット（チャネル基本設定）"), { target: { value: SECRET } });
    fireEvent.change(screen.getByLabelText("チャネルアクセストークン（長期）（Messaging API設定）"), {
      target: { value: TOKEN },
    });
    fireEvent.change(screen.getByLabelText("LINE ID（ベーシックID）"), { target: { value: "@123ABCDE" } });
    fireEvent.change(screen.getByLabelText("1か月の送信上限（任意）"), { target: { value: "200" } });
    fireEvent.click(screen.getByRole("button", { name: "LINEで確認して保存" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")).toEqual({
      method: "PUT",
      path: "/api/line/settings",
      body: { channelSecret: SECRET, channelAccessToken: TOKEN, basicId: "@123abcde", monthlyLimit: 200 },
    });
    expect(await screen.findByText("さくら薬局")).toBeTruthy();
    expect(screen.getByTestId("line-sent-this-month").textContent).toBe("12通 ／ 上限 200通");
    expect(screen.getByTestId("line-over-quota-this-month").textContent).toBe("今月 3通（LINEでは届いていません）");
    expect((screen.getByLabelText("チャネルシークレット（チャネル基本設定）") as HTMLInputElement).value).toBe("");
  });

  it("checks the fields before sending, and shows LINE's refusal on the field it concerns", async () => {
    const calls = serve(notConnected, {
      status: 400,
      body: {
        message: "入力内容に誤りがあります。",
        issues: [{ path: ["basicId"], message: "このチャネルのLINE IDは @999zzzzz です", code: "invalid_input" }],
      },
    });
    renderAsAdmin();
    await screen.findByTestId("line-webhook-url");
    fireEvent.change(screen.getByLabelText("チャネルシークレット（チャネル基本設定）"), { target: { value: "short" } });
    fireEvent.click(screen.getByRole("button", { name: "LINEで確認して保存" }));
    // antd validates asynchronously: on a loaded machine that takes more than findBy's 1 s
    expect(await screen.findByText("チャネルシークレットは32文字の英数字です", {}, { timeout: 10_000 })).toBeTruthy();
    expect(calls.filter((call) => call.method === "PUT")).toEqual([]);
    fireEvent.change(screen.getByLabelText("チャネルシークレット（チャネル基本設定）"), { target: { value: SECRET } });
    fireEvent.change(screen.getByLabelText("チャネルアクセストークン（長期）（Messaging API設定）"), {
      target: { value: TOKEN },
    });
    fireEvent.change(screen.getByLabelText("LINE ID（ベーシックID）"), { target: { value: "@123abcde" } });
    fireEvent.click(screen.getByRole("button", { name: "LINEで確認して保存" }));
    expect(await screen.findByText("このチャネルのLINE IDは @999zzzzz です", {}, { timeout: 10_000 })).toBeTruthy();
  });

  it("shows the server's own sentence when LINE did not answer the check (502)", async () => {
    serve(notConnected, {
      status: 502,
      body: { errorCode: 1401, message: "LINEに接続できませんでした。しばらくしてからもう一度お試しください。" },
    });
    renderAsAdmin();
    await screen.findByTestId("line-webhook-url");
    fireEvent.change(screen.getByLabelText("チャネルシークレット（チャネル基本設定）"), { target: { value: SECRET } });
    fireEvent.change(screen.getByLabelText("チャネルアクセストークン（長期）（Messaging API設定）"), {
      target: { value: TOKEN },
    });
    fireEvent.change(screen.getByLabelText("LINE ID（ベーシックID）"), { target: { value: "@123abcde" } });
    fireEvent.click(screen.getByRole("button", { name: "LINEで確認して保存" }));
    expect(
      await screen.findByText(
        "保存できませんでした。LINEに接続できませんでした。しばらくしてからもう一度お試しください。",
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });

  it.each([
    ["http://127.0.0.1:3000/api/line/webhook/abc123def456", "このURLにはLINEから届きません"],
    [
      "http://uketsuke.example.jp/api/line/webhook/abc123def456",
      "LINEのWebhook URLはhttpsのアドレスでなければなりません",
    ],
  ])("warns that LINE cannot use the webhook address %s", async (webhookUrl, warning) => {
    serve({ ...notConnected, webhookUrl }, { status: 200, body: connected });
    renderAsAdmin();
    expect((await screen.findByTestId("line-webhook-url")).textContent).toContain(webhookUrl);
    expect(screen.getByText(warning)).toBeTruthy();
  });

  it("gives no warning for an https address the internet reaches", async () => {
    serve(notConnected, { status: 200, body: connected });
    renderAsAdmin();
    await screen.findByTestId("line-webhook-url");
    expect(screen.queryByText(/LINEから届きません|httpsのアドレスでなければ/)).toBeNull();
  });

  it("says where the webhook address is missing", async () => {
    serve({ ...notConnected, webhookUrl: null }, { status: 200, body: connected });
    renderAsAdmin();
    expect(await screen.findByText(/PUBLIC_BASE_URLを設定する/)).toBeTruthy();
    expect(screen.queryByTestId("line-webhook-url")).toBeNull();
  });
});
