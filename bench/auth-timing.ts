/**
 * Whether an auth call tells, by its time, that an e-mail has an account (no call may tell it, docs/rules.md#people-roles-and-devices):
 * for each call, the median time for a known e-mail over the median for an unknown one, measured
 * alternately in one run. Budget: every ratio between 0.8 and 1.25 (before the fix, forgot_password
 * and resend_confirmation_code took about 2.5 times as long for a known e-mail).
 * Usage: npm run bench:auth-timing [-- embedded|postgres]
 */
import { randomBytes } from "node:crypto";
import { median } from "./lib/fixtures.js";
import { engines, startBenchServer } from "./lib/server.js";

const ROUNDS = 200;
const RATIO_BUDGET = { min: 0.8, max: 1.25 };

let addressCounter = 0;
/** Every request from its own address, so the per-address lockout never enters the figures. */
const nextAddress = () => `10.${(++addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;

async function timed(baseUrl: string, path: string, body: unknown): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status >= 500 || response.status === 429) throw new Error(`${path}: ${response.status}`);
  return elapsed;
}

const unknownEmail = () => `nobody-${randomBytes(5).toString("hex")}@example.jp`;

async function main() {
  for (const engine of engines()) {
    const server = await startBenchServer(engine, undefined, { TRUST_PROXY: "1" });
    try {
      const pending = `pending-${randomBytes(4).toString("hex")}@example.jp`;
      await fetch(`${server.baseUrl}/auth/sign_up`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: pending, password: "Kusuri2026", name: "管理 花子" }),
      });
      const calls: Array<[string, string, (email: string) => unknown]> = [
        ["/auth/forgot_password", "demo@example.com", (email) => ({ email })],
        ["/auth/resend_confirmation_code", pending, (email) => ({ email })],
        ["/auth/confirm_sign_up", "demo@example.com", (email) => ({ email, code: "123456" })],
        [
          "/auth/confirm_forgot_password",
          "demo@example.com",
          (email) => ({ email, code: "123456", newPassword: "Kusuri2027" }),
        ],
      ];
      for (const [path, known, body] of calls) {
        const knownTimes: number[] = [];
        const unknownTimes: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          // who goes first alternates, so neither side always follows the other's after-answer work
          const pair = [
            async () => knownTimes.push(await timed(server.baseUrl, path, body(known))),
            async () => unknownTimes.push(await timed(server.baseUrl, path, body(unknownEmail()))),
          ];
          for (const measure of round % 2 ? pair.reverse() : pair) await measure();
        }
        const ratio = median(knownTimes) / median(unknownTimes);
        const met = ratio >= RATIO_BUDGET.min && ratio <= RATIO_BUDGET.max;
        console.log(
          `${engine.padEnd(9)} | ${path.padEnd(31)} | median known ${median(knownTimes).toFixed(2)} ms, unknown ${median(unknownTimes).toFixed(2)} ms | ` +
            `ratio ${ratio.toFixed(2)} | budget ${RATIO_BUDGET.min}–${RATIO_BUDGET.max}: ${met ? "met" : "MISSED"}`,
        );
      }
    } finally {
      await server.stop();
    }
  }
}

await main();
