import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { PRIVATE_FILE_MODE, privateDirectory } from "../lib/private-files.js";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const StoredKeysSchema = z.object({
  publicKey: z.string().regex(/^B[A-Za-z0-9_-]{86}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/**
 * The configured Web Push keys, or a pair generated on first start and kept in the data directory
 * (readable by this user only). Subscriptions are made with the public key: if it changed, every
 * subscription would stop working, so the file is never replaced while it holds a usable pair.
 */
export async function resolveVapidKeys(configured: VapidKeys | undefined, dataDir: string): Promise<VapidKeys> {
  if (configured) return configured;
  const file = path.join(dataDir, "vapid-keys.json");
  try {
    const stored = StoredKeysSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
    if (stored.success) return stored.data;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT" && !(error instanceof SyntaxError)) throw error;
  }
  await privateDirectory(dataDir);
  // the library is loaded only on the first start, which makes the pair
  const { default: webpush } = await import("web-push");
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  await writeFile(file, JSON.stringify({ publicKey, privateKey }), { mode: PRIVATE_FILE_MODE });
  return { publicKey, privateKey };
}
