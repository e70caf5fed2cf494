import { createECDH, createDecipheriv, hkdfSync, randomBytes, type ECDH } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:https";
import path from "node:path";
import { generate } from "selfsigned";

/** A browser's side of a push subscription: its P-256 key pair and auth secret. */
export interface BrowserKeys {
  ecdh: ECDH;
  auth: Buffer;
  /** What the page sends the server: `PushSubscription.toJSON()` without `expirationTime`. */
  subscription(endpoint: string): { endpoint: string; keys: { p256dh: string; auth: string } };
}

export function makeBrowserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: (endpoint) => ({
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    }),
  };
}

/**
 * Decrypts a Web Push message as the browser does (RFC 8291 with the aes128gcm coding of RFC 8188),
 * written here on node:crypto rather than with the library that encrypted it, so that it checks it.
 */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (record.length > recordSize) throw new Error("a push message of more than one record");
  const ecdhSecret = keys.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), senderPublicKey]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, keys.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 2, then zero padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A push service on https://localhost with a self-signed certificate written to `certDir` (give its
 * file to the server under test as NODE_EXTRA_CA_CERTS). It keeps every message and answers 201, or
 * the status set for a path with `answer` (410: the subscription is gone).
 */
export async function startPushService(certDir: string) {
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] }],
  });
  const caFile = path.join(certDir, "push-service.pem");
  await writeFile(caFile, pems.cert);
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const waiting = new Set<() => void>();
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
      for (const wake of waiting) wake();
      response.writeHead(answers.get(request.url ?? "") ?? 201).end();
    });
  });
  // every address: "localhost" may resolve to ::1 or 127.0.0.1
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as { port: number };
  return {
    caFile,
    origin: `https://localhost:${port}`,
    received,
    answer(pathname: string, status: number) {
      answers.set(pathname, status);
    },
    /** Waits until `count` messages have come to that path. */
    async messagesTo(pathname: string, count: number, timeoutMs = 15_000): Promise<ReceivedPush[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mine = received.filter((push) => push.path === pathname);
        if (mine.length >= count) return mine;
        if (Date.now() > deadline) throw new Error(`${mine.length} of ${count} pushes to ${pathname}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            resolve();
          };
          waiting.add(wake);
          setTimeout(wake, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
