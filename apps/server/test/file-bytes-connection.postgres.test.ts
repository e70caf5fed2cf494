import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { BYTES_CONNECTION_NAME } from "../src/db/database.js";
import { uploadFile } from "./helpers/factories.js";
import { serverWithAccountPerFile } from "./helpers/server.js";

const ctx = serverWithAccountPerFile();

/** The server's connections that read file bytes, as PostgreSQL itself counts them. */
async function bytesConnections(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where application_name = ${BYTES_CONNECTION_NAME} and datname = current_database()`.execute(ctx.server.database.db);
  return rows[0]!.n;
}

describe("file bytes on PostgreSQL", () => {
  it("are read through one connection of their own, however many screens open a photo at once", async () => {
    // several 256 KB chunks, so each opening holds on to the connection more than once
    const photo = Buffer.concat([JPEG_BYTES, Buffer.alloc(700_000, 3)]);
    const upload = await uploadFile(ctx.server, ctx.account, photo, {}, "photo.jpg", "image/jpeg");
    expect(upload.status).toBe(201);
    const opened = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const response = await fetch(`${ctx.server.baseUrl}/api/file/${upload.body.file.id}`, {
          headers: { authorization: `Bearer ${ctx.account.idToken}` },
        });
        return Buffer.from(await response.arrayBuffer());
      }),
    );
    for (const bytes of opened) expect(bytes.equals(photo)).toBe(true);
    expect(await bytesConnections()).toBe(1);
  });
});
