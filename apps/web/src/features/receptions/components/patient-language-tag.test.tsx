// @vitest-environment jsdom
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeReception } from "../../../test-utils/receptions";
import { StaffProviders, stubBrowserLayout } from "../../../test-utils/staff-server";
import { ReceptionTable } from "./reception-table";

/* Staff read the patient's language in Japanese beside the reception (docs/rules.md#every-patient). */

const TODAY = businessDateOf();

beforeEach(stubBrowserLayout);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// antd renders slowly in jsdom on a shared machine: time enough, no timing asserted.
describe("the patient's language in the staff list", { timeout: 60_000 }, () => {
  it("is a tag 「英語」 etc. for every language but Japanese, which needs none", () => {
    const receptions = (["ja", "en", "vi", "ja-x-easy", "zh-Hant"] as const).map((patientLanguage, index) =>
      makeReception({ receptionDate: TODAY, receptionNumber: index + 1, patientLanguage }),
    );
    render(
      <StaffProviders>
        <ReceptionTable
          receptions={receptions}
          listDate={TODAY}
          loading={false}
          selectedId={undefined}
          arrivals={new Set()}
          emptyText=""
          onSelect={() => undefined}
        />
      </StaffProviders>,
    );
    expect(screen.getAllByTestId("patient-language").map((tag) => tag.textContent)).toEqual([
      "英語",
      "ベトナム語",
      "やさしい日本語",
      "中国語（繁体字）",
    ]);
  });
});
