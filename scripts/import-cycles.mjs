// Import cycles in the source folders, `import type` included: import-x/no-cycle skips type imports
// (and covers only the server), so a loop made of types alone passes the lint unseen. Such a loop still
// ties the files together: neither can move or be read without the other. Exits 1 listing each loop.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const ROOT = resolve(import.meta.dirname, "..");
const SOURCE_FOLDERS = ["packages/contract/src", "packages/test-support/src", "apps/server/src", "apps/web/src"];
const CONTRACT = "@pharmacy/contract/";

function sourceFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

const files = new Set(SOURCE_FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder))));

/** The source file an import names, or undefined for a package's or a file outside the folders. */
function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith(CONTRACT)) base = join(ROOT, "packages/contract/src", specifier.slice(CONTRACT.length));
  else return undefined;
  const stem = base.replace(/\.js$/, "");
  return [base, `${stem}.ts`, `${stem}.tsx`, join(base, "index.ts")].find((candidate) => files.has(candidate));
}

const imports = new Map(
  [...files].map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    return [file, [...new Set(importedFiles.map((ref) => resolveImport(file, ref.fileName)).filter(Boolean))]];
  }),
);

// Tarjan's strongly connected components: each one of more than a file is a loop.
const order = new Map();
const lowest = new Map();
const stack = [];
const loops = [];
function visit(file) {
  order.set(file, order.size);
  lowest.set(file, order.get(file));
  stack.push(file);
  for (const next of imports.get(file)) {
    if (!order.has(next)) {
      visit(next);
      lowest.set(file, Math.min(lowest.get(file), lowest.get(next)));
    } else if (stack.includes(next)) lowest.set(file, Math.min(lowest.get(file), order.get(next)));
  }
  if (lowest.get(file) !== order.get(file)) return;
  const component = stack.splice(stack.indexOf(file));
  if (component.length > 1) loops.push(component.map((member) => relative(ROOT, member)));
}
for (const file of files) if (!order.has(file)) visit(file);

for (const loop of loops) console.error(`import cycle (type imports included): ${loop.sort().join(" ↔ ")}`);
process.exit(loops.length > 0 ? 1 : 0);
