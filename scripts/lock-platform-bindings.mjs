// `npm install` drops from package-lock.json the optional platform bindings that this registry does not
// serve (android, darwin, win32… builds of oxc-parser and unrs-resolver), and `npm ci` then refuses the
// lock. This puts them back as optional entries for their own os/cpu, which npm skips on this machine.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;
const OSES = ["android", "darwin", "freebsd", "linux", "win32", "openharmony"];
const CPUS = ["arm64", "arm", "x64", "ia32", "ppc64", "riscv64", "s390x", "loong64"];

function platformOf(name) {
  const base = name.split("/").pop();
  if (base.includes("wasm32")) return { cpu: ["wasm32"] };
  const os = OSES.find((candidate) => base.includes(candidate));
  const cpu = CPUS.find((candidate) => new RegExp(`-${candidate}(-|$)`).test(base));
  return { ...(cpu && { cpu: [cpu] }), ...(os && { os: [os] }) };
}

const check = spawnSync("npm", ["ci", "--dry-run", "--no-audit", "--no-fund"], { encoding: "utf8" });
const missing = [...`${check.stdout}${check.stderr}`.matchAll(/Missing: (\S+)@\S* from lock file/g)].map(
  (match) => match[1],
);
let added = 0;
for (const name of new Set(missing)) {
  const parent = Object.values(packages).find((meta) => meta.optionalDependencies?.[name]);
  if (!parent || packages[`node_modules/${name}`]) continue;
  const version = parent.optionalDependencies[name];
  packages[`node_modules/${name}`] = { version, ...(parent.dev && { dev: true }), optional: true, ...platformOf(name) };
  added += 1;
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform bindings restored`);
