import { z } from "zod";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setRequestLanguage } from "../i18n/request-language";
import { fetchJson } from "./fetch-json";

afterEach(() => setRequestLanguage("ja"));

describe("the patient pages' calls", () => {
  it("say the patient's language on every call, Japanese until another is chosen", async () => {
    const languages: (string | null)[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        languages.push(new Headers(init?.headers).get("accept-language"));
        return new Response("{}", { status: 200 });
      }),
    );
    await fetchJson("/api/public/x", z.object({}));
    setRequestLanguage("vi");
    await fetchJson("/api/public/x", z.object({}), { method: "POST", headers: { "Idempotency-Key": "k" } });
    setRequestLanguage("ja-x-easy");
    await fetchJson("/api/public/x", z.object({}));
    expect(languages).toEqual(["ja", "vi", "ja-x-easy, ja;q=0.9"]);
  });
});
