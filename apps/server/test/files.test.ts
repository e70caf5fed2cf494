import { describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "@pharmacy/contract/files/file-limits";
import { makeReception, uploadFile } from "./helpers/factories.js";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { serverWithAccountPerFile } from "./helpers/server.js";

const ctx = serverWithAccountPerFile();

const pad = (head: Uint8Array | string) => Buffer.concat([Buffer.from(head as never), Buffer.alloc(64, 7)]);
const SAMPLES: Array<[string, Buffer]> = [
  ["image/jpeg", JPEG_BYTES],
  ["image/png", pad(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ["image/webp", pad(Buffer.concat([Buffer.from("RIFF"), Buffer.from([1, 0, 0, 0]), Buffer.from("WEBPVP8 ")]))],
  ["image/heic", pad(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic")]))],
  ["application/pdf", pad("%PDF-1.7\n")],
];

async function fileCount() {
  const row = await ctx.server.database.db
    .selectFrom("files")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("uploading files", () => {
  it.each(SAMPLES)("accepts %s by its content and serves it back to the owner", async (contentType, bytes) => {
    const upload = await uploadFile(ctx.server, ctx.account, bytes, {}, "scan.bin", "application/octet-stream");
    expect(upload.status).toBe(201);
    expect(upload.body.file).toMatchObject({ contentType, size: bytes.length });
    const response = await fetch(`${ctx.server.baseUrl}/api/file/${upload.body.file.id}`, {
      headers: { authorization: `Bearer ${ctx.account.idToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(contentType);
    expect(response.headers.get("content-disposition")).toMatch(/^inline; filename="prescription-/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toMatch(/^sandbox;/);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("attaches an upload to a reception as a new prescription and records the source type", async () => {
    const reception = await makeReception(ctx.server, ctx.account);
    const upload = await uploadFile(ctx.server, ctx.account, JPEG_BYTES, {
      receptionId: reception.id,
      sourceType: "Fax",
    });
    expect(upload.status).toBe(201);
    expect(upload.body.prescription).toMatchObject({ sourceType: "Fax", fileId: upload.body.file.id });
    const after = await ctx.server.api.get(`/api/reception/${reception.id}`, ctx.account.idToken);
    expect(after.body.prescriptions).toEqual([upload.body.prescription]);
  });

  it("attaches an already uploaded file with PATCH", async () => {
    const reception = await makeReception(ctx.server, ctx.account);
    const upload = await uploadFile(ctx.server, ctx.account, JPEG_BYTES);
    const response = await ctx.server.api.request("PATCH", "/api/file", {
      body: { id: upload.body.file.id, receptionId: reception.id },
      token: ctx.account.idToken,
    });
    expect(response.status).toBe(200);
    expect(response.body.prescription).toMatchObject({ sourceType: "Paper", fileId: upload.body.file.id });
  });

  it.each([
    ["a text file named .jpg", Buffer.from("just some text, not an image"), 415],
    ["an executable claiming image/png", Buffer.from([0x7f, 0x45, 0x4c, 0x46, 1, 2, 3, 4, 5, 6, 7, 8]), 415],
    ["HTML claiming image/jpeg", Buffer.from("<html><script>alert(1)</script></html>"), 415],
    ["an empty file", Buffer.alloc(0), 400],
  ])("refuses %s and stores nothing", async (_, bytes, status) => {
    const before = await fileCount();
    const upload = await uploadFile(ctx.server, ctx.account, bytes, {}, "photo.jpg", "image/jpeg");
    expect(upload.status).toBe(status);
    expect(upload.body.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    expect(await fileCount()).toBe(before);
  });

  it("refuses a file over 10 MB with 413 and stores nothing", async () => {
    const before = await fileCount();
    const big = Buffer.concat([JPEG_BYTES, Buffer.alloc(MAX_FILE_BYTES, 1)]);
    const upload = await uploadFile(ctx.server, ctx.account, big);
    expect(upload.status).toBe(413);
    expect(await fileCount()).toBe(before);
  });

  it("leaves no file behind when the reception does not exist", async () => {
    const before = await fileCount();
    const upload = await uploadFile(ctx.server, ctx.account, JPEG_BYTES, { receptionId: crypto.randomUUID() });
    expect(upload.status).toBe(404);
    expect(await fileCount()).toBe(before);
  });

  it.each<Record<string, string>>([{ receptionId: "12" }, { sourceType: "Carrier pigeon" }, { hacker: "1" }])(
    "refuses bad form fields %j with 400 and stores nothing",
    async (fields) => {
      const before = await fileCount();
      const upload = await uploadFile(ctx.server, ctx.account, JPEG_BYTES, fields);
      expect(upload.status).toBe(400);
      expect(upload.body.issues).toHaveLength(1);
      expect(await fileCount()).toBe(before);
    },
  );

  it("refuses a request without a file, and a JSON body", async () => {
    const form = new FormData();
    form.append("sourceType", "Paper");
    const noFile = await fetch(`${ctx.server.baseUrl}/api/file`, {
      method: "POST",
      headers: { authorization: `Bearer ${ctx.account.idToken}` },
      body: form,
    });
    expect(noFile.status).toBe(400);
    const json = await ctx.server.api.post("/api/file", { file: "AAAA" }, ctx.account.idToken);
    expect(json.status).toBe(415);
  });

  it("needs a signed-in branch to upload or read", async () => {
    const upload = await uploadFile(ctx.server, ctx.account, JPEG_BYTES);
    const form = new FormData();
    form.append("file", new Blob([JPEG_BYTES]), "a.jpg");
    expect((await fetch(`${ctx.server.baseUrl}/api/file`, { method: "POST", body: form })).status).toBe(401);
    expect((await fetch(`${ctx.server.baseUrl}/api/file/${upload.body.file.id}`)).status).toBe(401);
  });
});
