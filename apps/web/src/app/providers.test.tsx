// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { Button } from "antd";
import { afterEach, describe, expect, it } from "vitest";
import { AppProviders } from "./providers";
import { makeStore } from "./store";

afterEach(cleanup);

describe("the app's antd settings", () => {
  it("write a two-character Japanese button as it is, without antd's inserted space", () => {
    render(
      <AppProviders store={makeStore()}>
        <Button>配送</Button>
      </AppProviders>,
    );
    expect(screen.getByRole("button").textContent).toBe("配送");
  });
});
