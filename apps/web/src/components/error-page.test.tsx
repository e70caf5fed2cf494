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

  it("unmatched paths show a paragraph reading Not Found", () => {
    render(<NotFound />);
    expect(screen.getByText("Not Found").tagName).toBe("P");
  });
});
