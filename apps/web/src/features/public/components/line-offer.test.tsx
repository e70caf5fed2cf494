// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { lineLinkUrl } from "@pharmacy/contract/line/line";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LineOffer } from "./line-offer";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = "t".repeat(32);
const URL_OF_LINE = lineLinkUrl("@123abcde", "ABCD-EFGH");

/** The server's two LINE calls for the status link: the offer, and a new code's LINE address. */
function serve(
  offer: unknown,
  link: { status: number; body: unknown } = {
    status: 201,
    body: { url: URL_OF_LINE, expiresAt: new Date().toISOString() },
  },
) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? "GET"} ${url}`);
      const answer = init?.method === "POST" ? link : { status: 200, body: offer };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

describe("「LINEで通知を受け取る」", () => {
  it("opens LINE with the prefilled code message to the branch's account", async () => {
    const calls = serve({ available: true, linked: false });
    const openLine = vi.fn();
    render(<LineOffer statusToken={TOKEN} openLine={openLine} />);
    fireEvent.click(await screen.findByRole("button", { name: "LINEで通知を受け取る" }));
    await waitFor(() => expect(openLine).toHaveBeenCalledWith(URL_OF_LINE));
    expect(calls).toEqual([
      `GET /api/public/reception/${TOKEN}/line_link`,
      `POST /api/public/reception/${TOKEN}/line_link`,
    ]);
    expect(URL_OF_LINE).toMatch(/^https:\/\/line\.me\/R\/oaMessage\/%40123abcde\/\?/);
    expect(decodeURIComponent(URL_OF_LINE)).toContain("コード：ABCD-EFGH");
  });

  it("is not offered where the branch has no LINE, nor when the offer cannot be read", async () => {
    const calls = serve({ available: false, linked: false });
    const { container } = render(<LineOffer statusToken={TOKEN} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.innerHTML).toBe("");
    cleanup();
    serve("not an offer");
    const second = render(<LineOffer statusToken={TOKEN} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second.container.innerHTML).toBe("");
  });

  it("says when this reception is already linked, and offers another LINE", async () => {
    serve({ available: true, linked: true });
    render(<LineOffer statusToken={TOKEN} />);
    expect(await screen.findByText("LINEでお知らせを受け取る設定になっています。")).toBeTruthy();
    expect(screen.getByRole("button", { name: "別のLINEでも通知を受け取る" })).toBeTruthy();
  });

  it("tells the server's refusal in Japanese and does not open LINE", async () => {
    serve({ available: true, linked: false }, { status: 409, body: { message: "この受付の通知は終了しました。" } });
    const openLine = vi.fn();
    render(<LineOffer statusToken={TOKEN} openLine={openLine} />);
    fireEvent.click(await screen.findByRole("button", { name: "LINEで通知を受け取る" }));
    expect((await screen.findByRole("alert")).textContent).toBe("この受付の通知は終了しました。");
    expect(openLine).not.toHaveBeenCalled();
  });
});
