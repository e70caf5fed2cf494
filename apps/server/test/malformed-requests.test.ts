import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorResponseSchema } from "@pharmacy/contract/shared/errors";
import { makeAccount, openPublicPage, type TestAccount } from "./helpers/factories.js";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let account: TestAccount;
let slug: string;
const logLines: Array<{ level: number; msg: string }> = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  server = await startTestServer({ LOG_LEVEL: "info" }, logStream);
  account = await makeAccount(server);
  slug = await openPublicPage(server, account);
});
afterAll(() => server.close());

const BOUNDARY = "----pharmacy-test-boundary";
const part = (name: string, value: string | Buffer, fileName?: string) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${fileName ? `; filename="${fileName}"` : ""}\r\n` +
        (fileName ? "Content-Type: image/jpeg\r\n" : "") +
        "\r\n",
    ),
    Buffer.from(value),
    Buffer.from("\r\n"),
  ]);
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
const wellFormed = Buffer.concat([part("file", JPEG_BYTES, "a.jpg"), closing]);

const MALFORMED: Array<[string, string, Buffer]> = [
  ["no boundary", "multipart/form-data", wellFormed],
  ["a wrong boundary", "multipart/form-data; boundary=other", wellFormed],
  ["a truncated body", `multipart/form-data; boundary=${BOUNDARY}`, wellFormed.subarray(0, 90)],
  ["garbage", `multipart/form-data; boundary=${BOUNDARY}`, Buffer.from("\u0000\u0001garbage\r\n\r\n--")],
  ["an empty body", `multipart/form-data; boundary=${BOUNDARY}`, Buffer.alloc(0)],
  [
    "a field named __proto__",
    `multipart/form-data; boundary=${BOUNDARY}`,
    Buffer.concat([part("__proto__", "x"), part("file", JPEG_BYTES, "a.jpg"), closing]),
  ],
  [
    "a file named __proto__",
    `multipart/form-data; boundary=${BOUNDARY}`,
    Buffer.concat([part("__proto__", JPEG_BYTES, "a.jpg"), closing]),
  ],
  [
    "a 0-byte file",
    `multipart/form-data; boundary=${BOUNDARY}`,
    Buffer.concat([part("file", Buffer.alloc(0), "a.jpg"), closing]),
  ],
];

async function post(path: string, contentType: string, body: Buffer, token?: string) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: {
      "content-type": contentType,
      "x-forwarded-for": server.api.clientIp,
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("malformed multipart", () => {
  it.each(MALFORMED)(
    "with %s is a 400 with issues on /api/file and the public reception, logged at info",
    async (_name, contentType, body) => {
      logLines.length = 0;
      for (const [path, token] of [
        ["/api/file", account.idToken],
        [`/api/public/pharmacy/${slug}/reception`, undefined],
      ] as const) {
        const response = await post(path, contentType, body, token);
        expect(response.status, path).toBe(400);
        expect(ErrorResponseSchema.strict().parse(response.body).issues?.length, path).toBeGreaterThan(0);
      }
      expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
    },
  );
});

describe("every 4xx has the error shape", () => {
  it("a bad %-escape in the path", async () => {
    const response = await server.api.get("/api/reception/%E0%A4%A", account.idToken);
    expect(response.status).toBe(400);
    expect(ErrorResponseSchema.strict().parse(response.body).issues?.length).toBeGreaterThan(0);
  });

  it("an unknown path, a wrong method, a missing token", async () => {
    for (const response of [
      await server.api.get("/api/nothing-here", account.idToken),
      await server.api.request("DELETE", "/api/pharmacy", { token: account.idToken }),
      await server.api.get("/api/reception"),
    ]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      ErrorResponseSchema.strict().parse(response.body);
    }
  });
});
