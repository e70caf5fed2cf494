import { randomUUID } from "node:crypto";
import http from "node:http";
import { describe, expect, inject, it } from "vitest";
import { WS_CLOSE_SERVER_RESTART } from "@pharmacy/contract/live/realtime";
import { ApiClient } from "./helpers/api-client.js";
import { startServerProcess } from "@pharmacy/test-support/server-process";
import { connectLive } from "@pharmacy/test-support/ws-client";

const env = () => ({ SEED_DEMO: "on", DATABASE_URL: inject("databaseUrl") ?? "", JWT_SECRET: "g".repeat(40) });

/**
 * A PATCH whose body is sent in two halves: it resolves `received` once the server has read the
 * request head (its "100 Continue"), and its response once the second half went out.
 */
function patchInTwoHalves(url: string, token: string, body: string) {
  const request = http.request(url, {
    method: "PATCH",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      expect: "100-continue",
    },
  });
  const received = new Promise<void>((resolve) => request.once("continue", resolve));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once("response", (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body: text }));
    });
    request.once("error", reject);
  });
  const half = Math.floor(body.length / 2);
  return {
    received: received.then(() => void request.write(body.slice(0, half))),
    finish: () => request.end(body.slice(half)),
    response,
  };
}

describe("stopping the server", () => {
  it("finishes a request in flight, tells screens to reconnect, then exits cleanly", async () => {
    const server = await startServerProcess(env());
    try {
      const api = new ApiClient(server.baseUrl);
      const { idToken } = (await api.post("/auth/sign_in", { email: "demo@example.com", password: "Demo1234" })).body;
      const reception = (await api.post("/api/reception", undefined, idToken)).body;
      const live = await connectLive(server.baseUrl, { type: "auth", idToken, sessionId: randomUUID() });
      await live.next((event) => event.type === "auth.ok");

      const patch = patchInTwoHalves(
        `${server.baseUrl}/api/reception/${reception.id}`,
        idToken,
        JSON.stringify({ id: reception.id, status: "Dispensing" }),
      );
      await patch.received;
      const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
      server.child.kill("SIGTERM");

      expect(await live.closed).toEqual({ code: WS_CLOSE_SERVER_RESTART });
      patch.finish();
      const answered = await patch.response;
      expect(answered.status).toBe(200);
      expect(JSON.parse(answered.body).status).toBe("Dispensing");
      expect(await exited).toBe(0);
    } finally {
      await server.stop();
    }
  });
});
