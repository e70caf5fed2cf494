import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import path from "node:path";
import { generate } from "selfsigned";

/** A LINE Messaging API channel as the stand-in knows it. */
export interface LineAccount {
  channelSecret: string;
  accessToken: string;
  botUserId: string;
  basicId: string;
  displayName: string;
}

export function makeLineAccount(displayName = "さくら薬局"): LineAccount {
  return {
    channelSecret: randomBytes(16).toString("hex"),
    accessToken: randomBytes(129).toString("base64"),
    botUserId: `U${randomBytes(16).toString("hex")}`,
    basicId: `@${randomBytes(4).toString("hex")}`,
    displayName,
  };
}

export function makeLineUserId(): string {
  return `U${randomBytes(16).toString("hex")}`;
}

export interface LineRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

/** A push LINE accepted: to whom, the text, under which retry key. */
export interface LinePush {
  to: string;
  text: string;
  retryKey: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A stand-in for api.line.me: it checks what the SDK sends as LINE does (the bearer token of a known
 * channel, the paths, the push and reply bodies, X-Line-Retry-Key on pushes) and answers as LINE does:
 * the bot's info, 200 to a push, 409 to a push repeated under an accepted retry key. `failPushes` makes
 * the next pushes fail (429, 5xx, or a dropped connection after LINE accepted the message). On plain
 * http by default (the SDK's `baseURL` takes it); with `certDir`, on https with a self-signed
 * certificate written there (for NODE_EXTRA_CA_CERTS).
 */
export async function startLinePlatform(accounts: LineAccount[], certDir?: string) {
  const requests: LineRequest[] = [];
  const pushes: LinePush[] = [];
  const replies: { replyToken: string; text: string }[] = [];
  const acceptedKeys = new Set<string>();
  const failures: { status: number; body?: string; acceptThenDrop?: boolean }[] = [];
  const problems: string[] = [];
  /** How long the stand-in takes to answer on a path (LINE under load); a push is accepted when its answer is written. */
  const delays = new Map<string, number>();

  const answer = (
    response: ServerResponse,
    status: number,
    body: unknown = {},
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
  };

  const handle = (request: IncomingMessage, response: ServerResponse, raw: string) => {
    const url = request.url ?? "";
    const body = raw ? (JSON.parse(raw) as unknown) : undefined;
    requests.push({ method: request.method ?? "", path: url, headers: request.headers, body });
    const account = accounts.find((candidate) => request.headers.authorization === `Bearer ${candidate.accessToken}`);
    if (!account)
      return answer(response, 401, {
        message: "Authentication failed. Confirm that the access token in the authorization header is valid.",
      });
    if (request.method === "GET" && url === "/v2/bot/info") {
      return answer(response, 200, {
        userId: account.botUserId,
        basicId: account.basicId,
        displayName: account.displayName,
        chatMode: "bot",
        markAsReadMode: "auto",
      });
    }
    if (request.method === "POST" && url === "/v2/bot/message/push") {
      const retryKey = String(request.headers["x-line-retry-key"] ?? "");
      const push = body as { to?: unknown; messages?: { type?: unknown; text?: unknown }[] };
      if (!UUID.test(retryKey)) problems.push(`push without a UUID retry key: ${retryKey}`);
      if (request.headers["content-type"] !== "application/json")
        problems.push(`push sent as ${request.headers["content-type"]}`);
      if (
        typeof push.to !== "string" ||
        push.messages?.length !== 1 ||
        push.messages[0]?.type !== "text" ||
        typeof push.messages[0].text !== "string"
      ) {
        problems.push(`malformed push body ${raw}`);
        return answer(response, 400, { message: "The request body has 1 error(s)" });
      }
      if (acceptedKeys.has(retryKey))
        return answer(
          response,
          409,
          { message: "The retry key is already accepted" },
          { "x-line-accepted-request-id": randomUUID() },
        );
      const failure = failures.shift();
      if (failure && !failure.acceptThenDrop)
        return answer(
          response,
          failure.status,
          { message: failure.body ?? "failed" },
          failure.status === 429 ? { "retry-after": "1" } : {},
        );
      acceptedKeys.add(retryKey);
      pushes.push({ to: push.to, text: push.messages[0].text, retryKey });
      // LINE took it, but the answer never reaches the server: it must try again under the same key
      if (failure?.acceptThenDrop) return request.socket.destroy();
      return answer(response, 200, { sentMessages: [{ id: String(Date.now()), quoteToken: randomUUID() }] });
    }
    if (request.method === "POST" && url === "/v2/bot/message/reply") {
      const reply = body as { replyToken?: unknown; messages?: { type?: unknown; text?: unknown }[] };
      if (request.headers["x-line-retry-key"] !== undefined)
        problems.push("a reply with a retry key (LINE answers 400)");
      if (
        typeof reply.replyToken !== "string" ||
        reply.messages?.length !== 1 ||
        typeof reply.messages[0]?.text !== "string"
      ) {
        problems.push(`malformed reply body ${raw}`);
        return answer(response, 400, { message: "The request body has 1 error(s)" });
      }
      replies.push({ replyToken: reply.replyToken, text: reply.messages[0].text });
      return answer(response, 200, { sentMessages: [] });
    }
    problems.push(`unexpected ${request.method} ${url}`);
    return answer(response, 404, { message: "Not found" });
  };

  const listener = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const delayMs = delays.get(request.url ?? "") ?? 0;
      if (delayMs > 0) {
        // a client that closed the socket meanwhile: LINE never got the request
        setTimeout(() => (request.socket.destroyed ? undefined : handle(request, response, raw)), delayMs);
        return;
      }
      handle(request, response, raw);
    });
  };
  let server: Server;
  let caFile: string | undefined;
  if (certDir) {
    const pems = await generate([{ name: "commonName", value: "localhost" }], {
      keyType: "ec",
      algorithm: "sha256",
      extensions: [{ name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] }],
    });
    caFile = path.join(certDir, "line-platform.pem");
    await writeFile(caFile, pems.cert);
    server = createHttpsServer({ key: pems.private, cert: pems.cert }, listener);
  } else {
    server = createHttpServer(listener);
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };

  return {
    origin: certDir ? `https://localhost:${port}` : `http://127.0.0.1:${port}`,
    caFile,
    requests,
    pushes,
    replies,
    /** What LINE would have refused in the server's requests (wrong headers or bodies). */
    problems,
    /** The next `times` pushes fail with `status` (429 with `body` "You have reached your monthly limit." is the quota). */
    failPushes(status: number, times = 1, body?: string) {
      for (let i = 0; i < times; i++) failures.push({ status, ...(body !== undefined && { body }) });
    },
    /** Requests to `path` (e.g. /v2/bot/message/push) are handled (a push accepted) and answered `ms` after they arrive; 0 at once. */
    delay(path: string, ms: number) {
      delays.set(path, ms);
    },
    /** The next push is accepted, but its answer is lost (the connection drops). */
    acceptThenDropNextPush() {
      failures.push({ status: 200, acceptThenDrop: true });
    },
    async until<T>(read: () => T | undefined, timeoutMs = 15_000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = read();
        if (value !== undefined) return value;
        if (Date.now() > deadline) throw new Error("the LINE stand-in did not get what was awaited");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type LinePlatform = Awaited<ReturnType<typeof startLinePlatform>>;

/** X-Line-Signature as LINE computes it: HMAC-SHA256 of the raw body with the channel secret, base64. */
export function lineSignature(body: string | Buffer, channelSecret: string): string {
  return createHmac("sha256", channelSecret).update(body).digest("base64");
}

/** A webhook body as LINE sends it for one text message from `userId`. */
export function textMessageEvent(userId: string, text: string, timestamp: number) {
  return {
    type: "message",
    mode: "active",
    timestamp,
    source: { type: "user", userId },
    webhookEventId: `01${randomBytes(12).toString("hex").toUpperCase()}`,
    deliveryContext: { isRedelivery: false },
    replyToken: randomBytes(16).toString("hex"),
    message: { id: String(Date.now()), type: "text", quoteToken: randomUUID(), text },
  };
}

export function unfollowEvent(userId: string, timestamp: number) {
  return {
    type: "unfollow",
    mode: "active",
    timestamp,
    source: { type: "user", userId },
    webhookEventId: `01${randomBytes(12).toString("hex").toUpperCase()}`,
    deliveryContext: { isRedelivery: false },
  };
}
