/**
 * How long a call takes to reach the waiting room's screen (docs/rules.md#the-patients-wait; budget p95 < 200 ms, as every
 * live event of docs/rules.md#quality-bars): from sending POST /api/reception/{id}/call until the display device's socket
 * (view "board") receives the board frame naming that number. On one process (embedded database, then
 * PostgreSQL), and across two processes on one PostgreSQL: the call on process A, the display's socket
 * on process B, so LISTEN/NOTIFY carries it. Reference, same run, same processes: a plain GET round trip
 * of the display's own board call (GET /api/display/board, on the display's process).
 * Usage: npm run bench:call-to-display [-- embedded|postgres] [-- calls=200]
 */
import { randomBytes } from "node:crypto";
import type { ServerFrame } from "@pharmacy/contract/live/realtime";
import { WaitAction, waitActionPath } from "@pharmacy/contract/receptions/receptions";
import { connectLive, type LiveClient } from "@pharmacy/test-support/ws-client";
import { percentile } from "./lib/percentile.js";
import { engines, post, startBenchServer, startPeerProcess } from "./lib/server.js";

const CALLS = Number(process.argv.find((arg) => arg.startsWith("calls="))?.slice(6) ?? 200);
const BUDGET_P95_MS = 200;

async function api<T>(baseUrl: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The waiting-room TV as the app makes it: a display device, its socket on the board view. */
async function displaySocket(baseUrl: string, adminToken: string): Promise<{ socket: LiveClient; token: string }> {
  const device = await api<{ deviceToken: string }>(baseUrl, "POST", "/api/devices", adminToken, {
    kind: "display",
    name: "待合室モニター",
  });
  const refreshed = await post(baseUrl, "/auth/refresh_token", { refreshToken: device.deviceToken });
  const token = refreshed.body.idToken as string;
  const socket = await connectLive(baseUrl, {
    type: "auth",
    idToken: token,
    sessionId: crypto.randomUUID(),
    view: "board",
  });
  await socket.next((frame) => frame.type === "auth.ok");
  return { socket, token };
}

async function completedReceptions(baseUrl: string, token: string, count: number) {
  const receptions: { id: string; receptionNumber: number }[] = [];
  for (let i = 0; i < count; i++) {
    const created = await api<{ id: string }>(baseUrl, "POST", "/api/reception", token);
    receptions.push(
      await api(baseUrl, "PATCH", `/api/reception/${created.id}`, token, { id: created.id, status: "Completed" }),
    );
  }
  return receptions;
}

const summary = (sorted: number[]) =>
  `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;

async function measure(label: string, callOn: string, displayOn: string, token: string): Promise<string> {
  const receptions = await completedReceptions(callOn, token, CALLS);
  const display = await displaySocket(displayOn, token);
  const delays: number[] = [];
  const reference: number[] = [];
  const calledFrame = (number: number) => (frame: ServerFrame) =>
    frame.type === "board.updated" && frame.called?.receptionNumber === number;
  const boardWithout = (number: number) => (frame: ServerFrame) =>
    frame.type === "board.updated" && !frame.board.ready.some((ready) => ready.receptionNumber === number);
  try {
    for (const reception of receptions) {
      const referenceStart = performance.now();
      await api(displayOn, "GET", "/api/display/board", display.token);
      reference.push(performance.now() - referenceStart);

      const started = performance.now();
      const [, arrivedAt] = await Promise.all([
        api(callOn, "POST", waitActionPath(reception.id, WaitAction.call), token),
        display.socket.next(calledFrame(reception.receptionNumber), 10_000).then(() => performance.now()),
      ]);
      delays.push(arrivedAt - started);
      // Handed over at once: the board stays the size of a real waiting room's.
      await api(callOn, "POST", waitActionPath(reception.id, WaitAction.hand_over), token);
      await display.socket.next(boardWithout(reception.receptionNumber), 10_000);
      display.socket.events.length = 0;
    }
  } finally {
    display.socket.close();
  }
  delays.sort((a, b) => a - b);
  reference.sort((a, b) => a - b);
  const p95 = percentile(delays, 95);
  return [
    `${label.padEnd(42)} | ${delays.length} calls | ${summary(delays)} | max ${delays.at(-1)!.toFixed(1)} ms`,
    `budget p95 < ${BUDGET_P95_MS} ms: ${p95 < BUDGET_P95_MS ? "met" : "MISSED"}`,
    `reference GET /api/display/board ${summary(reference)}`,
  ].join(" | ");
}

async function main() {
  const rows: string[] = [];
  for (const engine of engines()) {
    const jwtSecret = randomBytes(32).toString("hex");
    const server = await startBenchServer(engine, jwtSecret);
    try {
      rows.push(await measure(`one process, ${engine}`, server.baseUrl, server.baseUrl, server.token));
      if (engine === "postgres") {
        const peer = await startPeerProcess(server.databaseUrl!, jwtSecret);
        try {
          rows.push(
            await measure("two processes (call on A, display on B)", server.baseUrl, peer.baseUrl, server.token),
          );
        } finally {
          await peer.stop();
        }
      }
    } finally {
      await server.stop();
    }
  }
  console.log(`\nPOST /call → the display's socket receives the board frame naming that number\n${rows.join("\n")}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
