// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { Button, theme } from "antd";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "./providers";
import { makeStore } from "./store";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A device whose setting answers `reduce` (or not) to prefers-reduced-motion. */
function stubMotionSetting(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query.includes("prefers-reduced-motion: reduce"),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
}

function MotionProbe() {
  return <output>{theme.useToken().token.motion ? "動きあり" : "動きなし"}</output>;
}

/** Whether antd's popups and dialogs zoom and slide (its `motion` token) under the app's providers. */
function antdMotion(): string {
  render(
    <AppProviders store={makeStore()}>
      <MotionProbe />
    </AppProviders>,
  );
  return screen.getByRole("status").textContent!;
}

describe("the app's antd settings", () => {
  it("write a two-character Japanese button as it is, without antd's inserted space", () => {
    render(
      <AppProviders store={makeStore()}>
        <Button>配送</Button>
      </AppProviders>,
    );
    expect(screen.getByRole("button").textContent).toBe("配送");
  });

  it("open popups and dialogs at once, without zoom or slide, on a device set to reduce motion", () => {
    stubMotionSetting(true);
    expect(antdMotion()).toBe("動きなし");
  });

  it("keep antd's motion on a device that did not ask for less", () => {
    stubMotionSetting(false);
    expect(antdMotion()).toBe("動きあり");
  });
});
