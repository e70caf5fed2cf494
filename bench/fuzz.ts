/**
 * The API fuzz suite of `apps/server/test/api-fuzz.test.ts` at a larger count: generated bad bodies,
 * path parameters and queries to every call, on the embedded database and on PostgreSQL. Fails at the
 * first 5xx, 4xx outside the error shape, or accepted request, and checks the branch is unchanged.
 * Usage: npm run bench:fuzz [-- embedded|postgres] (FUZZ_RUNS_PER_CALL, default 10000)
 */
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { apiCalls, fuzzCall, type FuzzTarget } from "@pharmacy/test-support/api-fuzz";
import { getJson, sendWebReception } from "./lib/fixtures.js";
import { engines, post, startBenchServer } from "./lib/server.js";

const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS_PER_CALL ?? 10_000);
const CLIENT = "198.18.7.7";

async function upload(baseUrl: string, token: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "rx.jpg");
  const response = await fetch(`${baseUrl}/api/file`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as { file: { id: string }; prescription?: { prescriptionId: string } };
}

async function targetOn(baseUrl: string): Promise<FuzzTarget> {
  const signIn = await post(baseUrl, "/auth/sign_in", { email: "demo@example.com", password: "Demo1234" });
  const token = signIn.body.idToken as string;
  const reception = (await post(baseUrl, "/api/reception", undefined, token)).body as { id: string };
  const attached = await upload(baseUrl, token, { receptionId: reception.id });
  const loose = await upload(baseUrl, token, {});
  const { publicSlug } = await getJson<{ publicSlug: string }>(baseUrl, "/api/pharmacy", token);
  const sent = (await (await sendWebReception(baseUrl, publicSlug, "198.18.9.9")).json()) as { statusToken: string };
  return {
    baseUrl,
    clientIp: CLIENT,
    email: "demo@example.com",
    password: "Demo1234",
    idToken: token,
    refreshToken: signIn.body.refreshToken,
    receptionId: reception.id,
    prescriptionId: attached.prescription!.prescriptionId,
    fileId: loose.file.id,
    publicSlug,
    statusToken: sent.statusToken,
    userId: signIn.body.user.id,
  };
}

async function branchState(target: FuzzTarget) {
  const paths = [
    "/api/reception?pageSize=500",
    `/api/reception/${target.receptionId}/history`,
    "/api/pharmacy",
    "/api/app_settings",
    "/api/business_hours",
  ];
  return JSON.stringify(await Promise.all(paths.map((path) => getJson(target.baseUrl, path, target.idToken))));
}

async function main() {
  for (const engine of engines()) {
    const server = await startBenchServer(engine, undefined, {
      TRUST_PROXY: "1",
      PUBLIC_RATE_LIMIT_PER_MINUTE: "1000000",
      PUBLIC_SEND_LIMIT_PER_MINUTE: "1000000",
    });
    try {
      const target = await targetOn(server.baseUrl);
      const before = await branchState(target);
      const started = performance.now();
      const calls = apiCalls();
      for (const [index, call] of calls.entries()) await fuzzCall(target, call, RUNS_PER_CALL, 1000 + index);
      const seconds = (performance.now() - started) / 1000;
      const unchanged = (await branchState(target)) === before;
      console.log(
        `${engine.padEnd(9)} | ${calls.length} calls × ${RUNS_PER_CALL} generated bad requests = ${calls.length * RUNS_PER_CALL} in ${seconds.toFixed(0)} s | ` +
          `5xx: 0, outside the error shape: 0, accepted: 0 | branch unchanged: ${unchanged ? "yes" : "NO"}`,
      );
      if (!unchanged) process.exitCode = 1;
    } finally {
      await server.stop();
    }
  }
}

await main();
