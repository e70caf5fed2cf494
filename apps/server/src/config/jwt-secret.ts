import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PRIVATE_FILE_MODE, privateDirectory } from "../lib/private-files.js";

/** The configured secret, or one generated on first start and kept in the data directory. */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, "jwt-secret");
  try {
    const stored = (await readFile(file, "utf8")).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await privateDirectory(dataDir);
  const secret = randomBytes(48).toString("base64url");
  await writeFile(file, secret, { mode: PRIVATE_FILE_MODE });
  return secret;
}
