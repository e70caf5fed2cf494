import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const onPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // *.embedded.test.ts are about the embedded database itself (persistence, its lock file);
    // *.postgres.test.ts need a server several processes can share.
    exclude: onPostgres ? ["test/**/*.embedded.test.ts"] : ["test/**/*.postgres.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // On PostgreSQL every file shares one database; running files one at a time keeps row counts exact.
    fileParallelism: !onPostgres,
    // Vitest leaves a core to itself by default: one worker on a 2-core CI machine, the other core idle.
    maxWorkers: availableParallelism(),
    // A worker imports the server once for all its files instead of once a file (about 3 s each); no
    // test mocks a module or changes process-wide state, each builds its own app over its own database.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
