// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
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
import { SetupSteps } from "./setup-steps";

/** A chain's new branch as its admin left it: a name, no address or phone yet. */
const NEW_BRANCH = {
  name: "さくら薬局 駅前店",
  postalCode: "",
  address: "",
  phone: "",
  receptionStartNumber: 1,
  receptionStartNumberFrom: "2026-11-29",
  publicSlug: "ekimae",
  publicUrl: "https://uketsuke.example.jp/web/ekimae",
  publicUrlIsLoopback: false,
};

beforeEach(stubBrowserLayout);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a branch not set up yet, seen by staff", { timeout: 60_000 }, () => {
  it("says the branch's admin sets it up, and offers no settings they could not save", async () => {
    stubStaffServer(() => json(NEW_BRANCH));
    const store = makeStaffStore();
    store.dispatch(setUser({ ...ADMIN, role: "staff", organizationAdmin: false }));
    render(
      <StaffProviders store={store}>
        <SetupSteps />
      </StaffProviders>,
    );
    expect(await screen.findByText("この店舗の店舗情報はまだ設定されていません")).toBeTruthy();
    expect(screen.getByText(/店舗の管理者に設定を依頼してください/)).toBeTruthy();
    expect(screen.queryByText("設定する")).toBeNull();
  });
});
