// `npm start`: builds what is missing or older than its sources (the web app, the server), then runs the
// compiled server in this very process with plain node — no TypeScript at run time, no second process.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const contract = ["packages/contract/src", "packages/contract/package.json"];
const builds = [
  {
    workspace: "apps/web",
    output: "apps/web/dist/index.html",
    inputs: [
      "apps/web/src",
      "apps/web/public",
      "apps/web/index.html",
      "apps/web/vite.config.ts",
      "apps/web/scripts",
      "apps/web/package.json",
      ...contract,
    ],
  },
  {
    workspace: "apps/server",
    output: "apps/server/dist/main.js",
    inputs: ["apps/server/src", "apps/server/scripts", "apps/server/package.json", ...contract],
  },
];

async function newestChange(paths) {
  let newest = 0;
  for (const relative of paths) {
    const full = path.join(root, relative);
    if (!existsSync(full)) continue;
    const info = await stat(full);
    newest = Math.max(newest, info.mtimeMs);
    if (!info.isDirectory()) continue;
    for (const entry of await readdir(full, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
    }
  }
  return newest;
}

for (const { workspace, output, inputs } of builds) {
  const outputFile = path.join(root, output);
  const builtAt = existsSync(outputFile) ? statSync(outputFile).mtimeMs : 0;
  if (builtAt > (await newestChange(inputs))) continue;
  console.log(
    builtAt ? `${workspace} changed since its build: building it again` : `${workspace} is not built yet: building it`,
  );
  const result = spawnSync("npm", ["run", "build", "-w", workspace], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, "apps/server/dist/main.js")).href);
