// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ID_TOKEN_KEY, REFRESH_TOKEN_KEY } from "../../../lib/auth/token-storage";
import { LoginApp } from "./login-app";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const TOKENS = {
  idToken: "id-1",
  refreshToken: "refresh-1",
  user: {
    id: "0b8a3d5e-59a4-4c47-9a55-1d1b8c3b9f10",
    email: "demo@example.com",
    pharmacyId: "4d7c2b8e-2f7a-4a57-8f6e-2f5c1a0e9b21",
  },
};

function stubServer(answer: (path: string, body: Record<string, string>) => Response) {
  const bodies: { path: string; body: Record<string, string> }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, string>;
      bodies.push({ path: url, body });
      return answer(url, body);
    }),
  );
  return bodies;
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.input(screen.getByLabelText("メールアドレス"), { target: { value: email } });
  fireEvent.input(screen.getByLabelText("パスワード"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "ログイン" }));
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe("the light sign-in page", () => {
  it("checks the fields with the contract's Japanese messages before calling the server", async () => {
    const calls = stubServer(() => json(200, TOKENS));
    render(<LoginApp target="/" leave={vi.fn()} />);
    fillAndSubmit("not-an-address", "");
    await screen.findByText("パスワードを入力してください");
    expect(screen.getByLabelText("メールアドレス").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("パスワード").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
  });

  it("signs in, stores both tokens and leaves for the page that sent the visitor", async () => {
    const calls = stubServer(() => json(200, TOKENS));
    const leave = vi.fn();
    render(<LoginApp target="/settings/branch-info/" leave={leave} />);
    fillAndSubmit(" Demo@Example.com ", "Demo1234");
    await waitFor(() => expect(leave).toHaveBeenCalledWith("/settings/branch-info/"));
    expect(calls).toEqual([{ path: "/auth/sign_in", body: { email: "demo@example.com", password: "Demo1234" } }]);
    expect([localStorage.getItem(ID_TOKEN_KEY), localStorage.getItem(REFRESH_TOKEN_KEY)]).toEqual([
      "id-1",
      "refresh-1",
    ]);
  });

  it("shows the server's refusal in Japanese and keeps the visitor on the form", async () => {
    stubServer(() => json(401, { errorCode: 1010, message: "x" }));
    const leave = vi.fn();
    render(<LoginApp target="/" leave={leave} />);
    fillAndSubmit("demo@example.com", "Wrong12345");
    expect((await screen.findByRole("alert")).textContent).toContain(
      "メールアドレスまたはパスワードが正しくありません",
    );
    expect(leave).not.toHaveBeenCalled();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it("asks for the second factor when the account has one, then signs in with the code", async () => {
    const calls = stubServer((path) =>
      path === "/auth/sign_in" ? json(200, { mfaRequired: true, mfaToken: "m".repeat(43) }) : json(200, TOKENS),
    );
    const leave = vi.fn();
    render(<LoginApp target="/" leave={leave} />);
    fillAndSubmit("demo@example.com", "Demo1234");
    await screen.findByRole("heading", { name: "二段階認証" });
    fireEvent.input(screen.getByLabelText("確認コード（またはリカバリーコード）"), { target: { value: " 123456 " } });
    fireEvent.click(screen.getByRole("button", { name: "確認してログイン" }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith("/"));
    expect(calls[1]).toEqual({ path: "/auth/verify_mfa", body: { mfaToken: "m".repeat(43), code: "123456" } });
  });

  it("shows the notice left by the sign-up or reset flow, with the e-mail filled in", () => {
    stubServer(() => json(200, TOKENS));
    render(<LoginApp email="new@example.jp" notice="password-reset" target="/" leave={vi.fn()} />);
    expect(screen.getByRole("status").textContent).toContain("パスワードを再設定しました");
    expect((screen.getByLabelText("メールアドレス") as HTMLInputElement).value).toBe("new@example.jp");
    expect(screen.getByRole("link", { name: "新規登録" }).getAttribute("href")).toBe("/sign-up?email=new%40example.jp");
  });

  it("goes straight on when this browser is already signed in", () => {
    localStorage.setItem(REFRESH_TOKEN_KEY, "device-token");
    const leave = vi.fn();
    render(<LoginApp target="/" leave={leave} />);
    expect(leave).toHaveBeenCalledWith("/");
    expect(screen.queryByLabelText("パスワード")).toBeNull();
  });
});
