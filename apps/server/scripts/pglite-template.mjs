// The embedded database's empty cluster, made once at build time into dist/pglite-cluster.tar.gz.
// PGlite's own initdb runs a second PostgreSQL and copies its whole 128 MB heap: a first start that
// ran it peaked at about 790 MB resident and kept 750 MB. A new DATA_DIR is unpacked from this archive
// instead and opened as on a restart (src/db/cluster-template.ts; bench/start.ts prints both peaks).
// The archive depends only on the PGlite version, so it is cached across builds.
import { existsSync } from "node:fs";
import { copyFile, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";

async function pgliteVersion() {
  const entry = fileURLToPath(import.meta.resolve("@electric-sql/pglite"));
  const manifest = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), "package.json");
  return JSON.parse(await readFile(manifest, "utf8")).version;
}

async function makeTemplate(file) {
  const pglite = await PGlite.create();
  try {
    // what the archive holds is then on disk: the first start replays no WAL
    await pglite.exec("checkpoint");
    const archive = await pglite.dumpDataDir("gzip");
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(`${file}.partial`, Buffer.from(await archive.arrayBuffer()));
    await rename(`${file}.partial`, file);
  } finally {
    await pglite.close();
  }
}

/** Puts the empty cluster's archive at `target`, made now unless this PGlite version's is cached. */
export async function writeClusterTemplate(serverRoot, target) {
  const cached = path.join(serverRoot, "node_modules", ".cache", "pglite-cluster", `${await pgliteVersion()}.tar.gz`);
  if (!existsSync(cached)) await makeTemplate(cached);
  await copyFile(cached, target);
}
