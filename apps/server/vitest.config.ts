import { defineConfig } from "vitest/config";

const onPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // *.embedded.test.ts are about the embedded database itself (persistence, its lock file).
    exclude: onPostgres ? ["test/**/*.embedded.test.ts"] : [],
    globalSetup: ["test/global-setup.ts"],
    // On PostgreSQL every file shares one database; running files one at a time keeps row counts exact.
    fileParallelism: !onPostgres,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
