// Gzipped JavaScript of the login page, after `npm run build`: `node scripts/measure-login-js.mjs`.
// "entry" = the scripts index.html loads (and their static imports); "with the login route" adds the
// lazily loaded chunks of the /login/ route component.
import { readFileSync, readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";

const dist = new URL("../dist/", import.meta.url);
const assets = new URL("assets/", dist);
const html = readFileSync(new URL("index.html", dist), "utf8");
const read = (name) => readFileSync(new URL(name, assets), "utf8");

const staticImports = (code) =>
  [...code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map(
    (m) => m[1],
  );

function closure(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const name = queue.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    queue.push(...staticImports(read(name)));
  }
  return seen;
}

const gzipped = (names) =>
  [...names].reduce((sum, name) => sum + gzipSync(readFileSync(new URL(name, assets))).length, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const entry = closure([...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]));
const loginRouteChunks = readdirSync(assets).filter((name) => /^login-.*\.js$/.test(name));
const withLogin = closure([...entry, ...loginRouteChunks]);

for (const name of [...withLogin].sort()) {
  const mark = entry.has(name) ? "entry" : "lazy ";
  console.log(`${mark} ${kb(gzipSync(readFileSync(new URL(name, assets))).length).padStart(9)}  ${name}`);
}
console.log(`entry chunks (index.html):        ${kb(gzipped(entry))}`);
console.log(`entry + login route chunks:       ${kb(gzipped(withLogin))}`);
