// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorPage } from "./error-page";
import { NotFound } from "./not-found";

afterEach(cleanup);

describe("route failure pages", () => {
  it("the error page toggles the error text with Show Error / Hide Error", () => {
    render(<ErrorPage error={new Error("boom at loader")} reset={() => undefined} />);

    expect(screen.getByText("Something went wrong!")).toBeTruthy();
    expect(screen.queryByText("boom at loader")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Show Error" }));
    expect(screen.getByText("boom at loader")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Hide Error" }));
    expect(screen.queryByText("boom at loader")).toBeNull();
  });

  it("the error page says it in Japanese too and offers 再読み込み and the way back to the list", () => {
    render(<ErrorPage error={new Error("boom")} reset={() => undefined} />);
    expect(screen.getByText(/問題が発生しました/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "再読み込み" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "受付一覧へ戻る" }).getAttribute("href")).toBe("/");
  });

  it("unmatched paths show a paragraph reading Not Found, a Japanese line and the way back", () => {
    render(<NotFound />);
    expect(screen.getByText("Not Found").tagName).toBe("P");
    expect(screen.getByText(/ページは見つかりませんでした/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "受付一覧へ戻る" }).getAttribute("href")).toBe("/");
    expect(screen.getByText("薬局受付")).toBeTruthy();
  });
});
