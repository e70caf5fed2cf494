// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Button, Form, Input, theme } from "antd";
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

  it("bring a form's first error into view with the cursor in it", async () => {
    stubMotionSetting(false);
    render(
      <AppProviders store={makeStore()}>
        <Form>
          <Form.Item label="お名前" name="name" rules={[{ required: true, message: "お名前を入力してください" }]}>
            <Input />
          </Form.Item>
          <Form.Item label="電話番号" name="phone" rules={[{ required: true, message: "電話番号を入力してください" }]}>
            <Input />
          </Form.Item>
          <Button htmlType="submit">保存する</Button>
        </Form>
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole("button", { name: "保存する" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("お名前")));
  }, 30_000);

  it("open popups and dialogs at once, without zoom or slide, on a device set to reduce motion", () => {
    stubMotionSetting(true);
    expect(antdMotion()).toBe("動きなし");
  });

  it("keep antd's motion on a device that did not ask for less", () => {
    stubMotionSetting(false);
    expect(antdMotion()).toBe("動きあり");
  });
});
