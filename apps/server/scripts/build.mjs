// Compiles the server into one ES module, dist/main.js, that plain `node` runs: our TypeScript and the
// contract's are bundled, every npm dependency stays an import of node_modules (native addons, PGlite's
// WebAssembly files). The SQL migrations are copied beside it. Types are checked by `npm run typecheck`.
import { cp, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { writeClusterTemplate } from "./pglite-template.mjs";

const root = path.resolve(import.meta.dirname, "..");
const { dependencies } = JSON.parse(await readFile(path.join(root, "package.json"), "utf8"));
const dist = path.join(root, "dist");

await rm(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, "src/main.ts")],
  outdir: dist,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  external: Object.keys(dependencies).filter((name) => !name.startsWith("@pharmacy/")),
  logLevel: "warning",
});
await cp(path.join(root, "src/db/migrations"), path.join(dist, "migrations"), { recursive: true });
// The code reader's worker and its PDF reader are plain JavaScript; beside main.js it sits where `new URL("./…", import.meta.url)` finds it.
for (const file of ["code-reader-worker.mjs", "pdf-images.mjs"])
  await cp(path.join(root, "src/features/files", file), path.join(dist, file));
await writeClusterTemplate(root, path.join(dist, "pglite-cluster.tar.gz"));
console.log(`server built into ${path.relative(process.cwd(), dist) || "."}`);
