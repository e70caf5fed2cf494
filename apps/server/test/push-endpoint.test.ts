import { mkdtemp, rm } from "node:fs/promises";
import { Agent, request } from "node:https";
import os from "node:os";
import path from "node:path";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { sampleHostilePushEndpoints } from "@pharmacy/test-support/hostile-endpoints";
import { startPushService } from "@pharmacy/test-support/push-service";
import {
  isAllowedPushEndpoint,
  isPublicAddress,
  publicAddressLookup,
} from "../src/features/visitor-notices/push-endpoint.js";

const LIST = { hosts: ["fcm.googleapis.com", "*.push.apple.com"], testOrigin: undefined };

describe("push endpoints", () => {
  it("takes the push services' own endpoints, on port 443 or none", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://web.push.apple.com/QG9",
      "https://WEB.push.apple.com:443/x",
    ]) {
      expect(isAllowedPushEndpoint(endpoint, LIST), endpoint).toBe(true);
    }
  });

  it("refuses 5,000 generated endpoints that smuggle another host, port, scheme or user info past the list", () => {
    for (const endpoint of [
      ...sampleHostilePushEndpoints("push.apple.com", 5000, 4),
      "https://127.0.0.1;.push.apple.com/x",
    ]) {
      expect(isAllowedPushEndpoint(endpoint, LIST), endpoint).toBe(false);
    }
  });

  it("takes the test origin only as configured, at its own port", () => {
    const list = { ...LIST, testOrigin: "https://localhost:8443" };
    expect(isAllowedPushEndpoint("https://localhost:8443/push/1", list)).toBe(true);
    expect(isAllowedPushEndpoint("https://localhost:8444/push/1", list)).toBe(false);
    expect(isAllowedPushEndpoint("https://localhost/push/1", list)).toBe(false);
  });

  it("tells public addresses from loopback, private, link-local and reserved ones", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "64:ff9b::7f00:1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["142.250.196.106", "17.188.128.1", "2404:6800:4004:81b::200a"])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it("connects through the push agent to no host that resolves to loopback, whatever the name (DNS is asked when the push is sent)", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-push-guard-"));
    const stand = await startPushService(dir);
    try {
      const ca = await readFile(stand.caFile);
      const port = new URL(stand.origin).port;
      const agent = new Agent({ lookup: publicAddressLookup, ca });
      const outcome = await new Promise<string>((resolve) => {
        const sent = request(
          { hostname: "localhost", port, path: "/push/guarded", method: "POST", agent },
          (response) => resolve(`answered ${response.statusCode}`),
        );
        sent.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        sent.end("x");
      });
      expect(outcome).toBe("ENOTPUBLIC");
      // the same request without the guard does reach the stand-in: the refusal above was the guard's
      const reached = await new Promise<string>((resolve) => {
        const sent = request({ hostname: "localhost", port, path: "/push/open", method: "POST", ca }, (response) =>
          resolve(`answered ${response.statusCode}`),
        );
        sent.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        sent.end("x");
      });
      expect(reached).toBe("answered 201");
      expect(stand.received.map((push) => push.path)).toEqual(["/push/open"]);
    } finally {
      await stand.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
