// @vitest-environment jsdom
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ButtonLink } from "./button-link";

afterEach(cleanup);

async function renderInRouter(element: () => ReactNode) {
  const rootRoute = createRootRoute();
  const page = createRoute({ getParentRoute: () => rootRoute, path: "/", component: element });
  const login = createRoute({ getParentRoute: () => rootRoute, path: "/login", component: () => null });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page, login]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  render(<RouterProvider router={router} />);
  return screen.findByRole("link");
}

describe("ButtonLink", () => {
  it("keeps antd's button type, so a link-styled one has no border", async () => {
    const link = await renderInRouter(() => (
      <ButtonLink to="/login" search={{ email: "a@example.com" }} type="link" block>
        ログインへ
      </ButtonLink>
    ));
    expect(link.getAttribute("href")).toBe("/login?email=a%40example.com");
    expect(link.className).toContain("ant-btn-link");
    expect(link.className).toContain("ant-btn-block");
  });

  it("a primary one is coloured as primary", async () => {
    const link = await renderInRouter(() => (
      <ButtonLink to="/login" type="primary" danger size="large">
        ログインへ
      </ButtonLink>
    ));
    expect(link.className).toContain("ant-btn-primary");
    expect(link.className).toContain("ant-btn-dangerous");
    expect(link.className).toContain("ant-btn-lg");
  });

  it("without a type it is antd's default button", async () => {
    const link = await renderInRouter(() => <ButtonLink to="/login">ログインへ</ButtonLink>);
    expect(link.className).toContain("ant-btn-default");
  });
});
