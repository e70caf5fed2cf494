// @vitest-environment jsdom
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PARSING_ERROR_MESSAGE } from "../../../lib/api/api-error";
import { makeReception } from "../../../test-utils/receptions";
import { json, StaffProviders, stubBrowserLayout, stubStaffServer } from "../../../test-utils/staff-server";
import { ReceptionDetail } from "./reception-detail";

/* The base query checks every staff answer against its contract schema: a wrong one is a message, never a crash. */

beforeEach(stubBrowserLayout);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("an answer of the wrong shape", { timeout: 60_000 }, () => {
  it("is shown as a Japanese error on the detail, not a crash, and logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const reception = makeReception();
    stubStaffServer((call, url) =>
      url.pathname === "/api/reception"
        ? json({ receptions: [], total: 0, carried: [] })
        : json({ id: reception.id, receptionNumber: "十二" }),
    );
    render(
      <StaffProviders>
        <ReceptionDetail receptionId={reception.id} listDate={businessDateOf()} onSelect={() => undefined} />
      </StaffProviders>,
    );
    expect(await screen.findByText("受付を表示できません")).toBeTruthy();
    expect(screen.getByText(PARSING_ERROR_MESSAGE)).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining("getReception: the answer is not the contract's shape"),
    );
    logged.mockRestore();
  });
});
