import react from "@vitejs/plugin-react";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.ts"],
    // Node by default: RTK Query's fetch + AbortSignal do not mix with jsdom's globals.
    // Component tests opt in with a `@vitest-environment jsdom` comment.
    environment: "node",
    // Vitest leaves a core to itself by default: one worker on a 2-core CI machine, the other core idle.
    maxWorkers: availableParallelism(),
    env: { VITE_API_BASE_URL: "http://api.test" },
    restoreMocks: true,
    unstubGlobals: true,
  },
});
