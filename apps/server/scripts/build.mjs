// Compiles the server into one ES module, dist/main.js, that plain `node` runs: our TypeScript, the
// contract's and the npm packages a start runs (fastify and its plugins, zod, kysely, prom-client…) are
// bundled, so a start reads and resolves one file instead of about 600 (bench/README.md, "A restart").
// What stays an import of node_modules is listed in KEPT_EXTERNAL. The SQL migrations are copied beside
// it. Types are checked by `npm run typecheck`.
import { cp, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { writeClusterTemplate } from "./pglite-template.mjs";

const root = path.resolve(import.meta.dirname, "..");
const { dependencies } = JSON.parse(await readFile(path.join(root, "package.json"), "utf8"));
const dist = path.join(root, "dist");

/**
 * Packages that stay in node_modules: those that read files of their own beside their code (PGlite's
 * WebAssembly and data, native addons, the HEIC and code readers' WebAssembly), and
 * those imported on first use only (the PostgreSQL driver, LINE, mail, Web Push, QR codes, the S3 client,
 * the notices' message formatter: a start
 * does not load them, `test/compiled-start.embedded.test.ts`), and tsx (the backup command).
 */
const KEPT_EXTERNAL = [
  "@electric-sql/pglite",
  "@node-rs/argon2",
  "sharp",
  "heic-convert",
  "zxing-wasm",
  "pg",
  "@line/bot-sdk",
  "nodemailer",
  "web-push",
  "qrcode",
  "@aws-sdk/client-s3",
  "@formatjs/intl",
  "tsx",
];
const BUNDLED = [
  "@fastify/accept-negotiator",
  "@fastify/cors",
  "@fastify/multipart",
  "@fastify/rate-limit",
  "@fastify/static",
  "@fastify/swagger",
  // its page's files are read from the installed package (src/ops/openapi.ts)
  "@fastify/swagger-ui",
  "@fastify/websocket",
  "fastify",
  "fastify-plugin",
  "fastify-type-provider-zod",
  "helmet",
  "jose",
  "kysely",
  "otpauth",
  "prom-client",
  "zod",
];
const unlisted = Object.keys(dependencies).filter(
  (name) => !KEPT_EXTERNAL.includes(name) && !name.startsWith("@pharmacy/") && !BUNDLED.includes(name),
);
if (unlisted.length) throw new Error(`say in scripts/build.mjs whether to bundle ${unlisted.join(", ")}`);

await rm(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, "src/main.ts")],
  outdir: dist,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  sourcesContent: false,
  minifyWhitespace: true,
  minifySyntax: true,
  external: KEPT_EXTERNAL,
  // the bundled CommonJS packages require Node's own modules
  banner: { js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);' },
  logLevel: "warning",
});
await cp(path.join(root, "src/db/migrations"), path.join(dist, "migrations"), { recursive: true });
// The code reader's worker and its PDF reader are plain JavaScript; beside main.js it sits where `new URL("./…", import.meta.url)` finds it.
for (const file of ["code-reader-worker.mjs", "pdf-images.mjs"])
  await cp(path.join(root, "src/features/files", file), path.join(dist, file));
await writeClusterTemplate(root, path.join(dist, "pglite-cluster.tar.gz"));
console.log(`server built into ${path.relative(process.cwd(), dist) || "."}`);
