import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const KEY_BYTES = 32;

/** DATA_ENCRYPTION_KEY when set, else a key generated on first start and kept in the data directory. */
export async function resolveDataKey(configured: Buffer | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return configured;
  const file = path.join(dataDir, "data-encryption-key");
  try {
    const stored = Buffer.from((await readFile(file, "utf8")).trim(), "base64");
    if (stored.length === KEY_BYTES) return stored;
    throw new Error(
      `${file} does not hold a ${KEY_BYTES}-byte base64 key: restore the key it held, or set DATA_ENCRYPTION_KEY`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  await writeFile(file, key.toString("base64"), { mode: 0o600, flag: "wx" }).catch(async (error: unknown) => {
    // another process over the same data directory wrote it first: use theirs
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  });
  return Buffer.from((await readFile(file, "utf8")).trim(), "base64");
}
