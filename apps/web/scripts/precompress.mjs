// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, so the server sends
// compressed bytes without compressing on each request. Run after `vite build` (the service worker is
// written last), so every file of dist is covered.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// .wasm: the patient page's code reader, 953 KB, about 40 % of that compressed.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map|wasm)$/;
const distDir = path.resolve(process.argv[2] ?? "dist");

let files = 0;
let before = 0;
let after = 0;
for (const entry of await readdir(distDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const bytes = await readFile(file);
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
  // A copy that is not smaller is not written: the server then sends the file as it is.
  if (brotli.length < bytes.length) await writeFile(`${file}.br`, brotli);
  if (gzip.length < bytes.length) await writeFile(`${file}.gz`, gzip);
  files += 1;
  before += bytes.length;
  after += Math.min(brotli.length, bytes.length);
}
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB with brotli`,
);
