import { chmod, mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { makeAccount, uploadFile } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let parent: string;
let dataDir: string;
let server: TestServer;

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

/** Every file and folder under `dir` with its mode, relative paths. */
async function modesUnder(dir: string): Promise<Map<string, number>> {
  const modes = new Map<string, number>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    modes.set(path.relative(dir, file), await modeOf(file));
  }
  return modes;
}

beforeAll(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), "pharmacy-modes-"));
  dataDir = path.join(parent, "data");
  // as an older version left it: open to every local user
  await mkdir(dataDir, { mode: 0o755 });
  await chmod(dataDir, 0o755);
  server = await startTestServer({ DATA_DIR: dataDir });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await rm(parent, { recursive: true, force: true });
});

describe("what the server keeps on disk", () => {
  it("is readable by its own user only: the data directory 0700, mails, photos and keys 0600 in 0700 folders", async () => {
    const account = await makeAccount(server);
    if (server.database.engine === "pglite") {
      expect((await uploadFile(server, account, JPEG_BYTES)).status).toBe(201);
    }
    expect(await modeOf(dataDir)).toBe(0o700);
    const modes = await modesUnder(dataDir);
    const files = [...modes.keys()];
    expect(files.some((file) => file.startsWith("outbox/") && file.endsWith(".eml"))).toBe(true);
    expect(files).toContain("vapid-keys.json");
    if (server.database.engine === "pglite")
      expect(files.some((file) => file.startsWith("files/") && file.split("/").length === 3)).toBe(true);
    const open = [...modes]
      .filter(([, mode]) => (mode & 0o077) !== 0)
      .map(([file, mode]) => `${file} ${mode.toString(8)}`);
    expect(open).toEqual([]);
  });
});
