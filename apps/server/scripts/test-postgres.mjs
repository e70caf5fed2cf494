// `npm run test:pg`: the API suite on PostgreSQL, in two halves run side by side (`vitest --shard`), each
// with a database of its own (test/global-setup.ts makes one per run). On PostgreSQL the files of one run
// share its database and go one at a time (vitest.config.ts), and they spend most of their time waiting
// for the database and the servers they start, not on a core: measured 2026-11-29 at load 17, the two
// halves' tests took 12 and 14 minutes side by side (26 minutes one after the other), their runners 2.1
// and 2.7 minutes of CPU. Arguments after `--` go to both halves (a file name, `-t`); a half left without
// a file passes.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const SHARDS = 2;
const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres" };
const passed = await Promise.all(
  Array.from({ length: SHARDS }, (_, index) => {
    const shard = `${index + 1}/${SHARDS}`;
    const child = spawn("npx", ["vitest", "run", `--shard=${shard}`, "--passWithNoTests", ...process.argv.slice(2)], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    // each line says which half wrote it: the two halves' reports interleave
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on("line", (line) => console.log(`[pg ${shard}] ${line}`));
    return new Promise((resolve) => child.once("exit", (code) => resolve(code === 0)));
  }),
);
process.exit(passed.every(Boolean) ? 0 : 1);
