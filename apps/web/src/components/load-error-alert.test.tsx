// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiErrorMessage } from "../lib/api/api-error";
import { LoadErrorAlert } from "./load-error-alert";

afterEach(cleanup);

const OFFLINE = { status: "FETCH_ERROR", error: "TypeError: Failed to fetch" };

describe("LoadErrorAlert", () => {
  it("says what did not come and why, and 「再読み込み」 asks again", () => {
    const retry = vi.fn();
    render(<LoadErrorAlert title="受付一覧を読み込めませんでした" error={OFFLINE} onRetry={retry} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("受付一覧を読み込めませんでした");
    expect(alert.textContent).toContain(apiErrorMessage(OFFLINE));
    fireEvent.click(screen.getByRole("button", { name: "再読み込み" }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it("has no button when nothing can ask again", () => {
    render(<LoadErrorAlert title="フォローアップを読み込めませんでした" error={OFFLINE} />);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
