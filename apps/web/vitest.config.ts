import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.ts"],
    // Node by default: RTK Query's fetch + AbortSignal do not mix with jsdom's globals.
    // Component tests opt in with a `@vitest-environment jsdom` comment.
    environment: "node",
    env: { VITE_API_BASE_URL: "http://api.test" },
    restoreMocks: true,
    unstubGlobals: true,
  },
});
