import type { Browser, BrowserContext, Page } from "playwright-core";
import { newAppContext } from "./browser.js";

export const DEMO = { email: "demo@example.com", password: "Demo1234" };

/** The demo branch's id token, for arranging data through the API. */
export async function demoIdToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/sign_in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

/** A JSON call with the bearer token; throws on an error status. */
export async function callApi<T>(
  baseUrl: string,
  idToken: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${idToken}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as T;
}

/** The staff tablet or PC: 1024×768. */
export function tabletContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  return newAppContext(browser, baseUrl, { viewport: { width: 1024, height: 768 } });
}

/** A patient's phone: 375 px wide, touch. */
export function phoneContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  return newAppContext(browser, baseUrl, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
}

/** Signs the page in as the demo branch through the login form and waits for the main screen. */
export async function signInThroughForm(page: Page, url = "/"): Promise<void> {
  await page.goto(url);
  await page.waitForURL(/\/login\//);
  await page.getByLabel("メールアドレス").fill(DEMO.email);
  await page.getByLabel("パスワード", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "ログイン" }).click();
  await page.waitForURL((address) => !address.pathname.startsWith("/login"));
}
