import { describe, expect, it } from "vitest";
import { parseWebEnv } from "./env";

describe("the build settings", () => {
  it("empty or missing addresses mean the page's own origin", () => {
    expect(parseWebEnv({})).toEqual({ VITE_API_BASE_URL: "", VITE_WS_URL: "" });
    expect(parseWebEnv({ VITE_API_BASE_URL: "", VITE_WS_URL: "wss://live.example/ws" })).toEqual({
      VITE_API_BASE_URL: "",
      VITE_WS_URL: "wss://live.example/ws",
    });
  });

  it("a value that is not an address stops the start, naming the setting", () => {
    expect(() => parseWebEnv({ VITE_API_BASE_URL: "api.example" })).toThrow(/VITE_API_BASE_URL/);
  });
});
