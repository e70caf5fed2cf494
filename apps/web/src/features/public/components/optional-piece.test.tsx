// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { lazy } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OptionalPiece } from "./optional-piece";

afterEach(cleanup);

function Page({ piece }: { piece: ReturnType<typeof lazy> }) {
  const Piece = piece;
  return (
    <main>
      <h1>受付</h1>
      <OptionalPiece placeholder={<p>読み込み中</p>}>
        <Piece />
      </OptionalPiece>
    </main>
  );
}

describe("OptionalPiece", () => {
  it("shows the piece once its code has come", async () => {
    const piece = lazy(async () => ({ default: () => <p>家族の分もまとめて</p> }));
    render(<Page piece={piece} />);
    expect(await screen.findByText("家族の分もまとめて")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "受付" })).toBeTruthy();
  });

  it("keeps the page when the piece's fetch fails", async () => {
    // React reports the caught error on the console; it is the point of this test
    const reported = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const piece = lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    render(<Page piece={piece} />);
    await vi.waitFor(() => expect(screen.queryByText("読み込み中")).toBeNull());
    expect(screen.getByRole("heading", { name: "受付" })).toBeTruthy();
    reported.mockRestore();
  });
});
