/**
 * Phones and the pharmacy's PC: Lighthouse 12 performance, median of 3 runs,
 * for the patient pages on a phone (/web/{slug} and /web/status/{token}, in Japanese and in English, the
 * browser's language: budget ≥ 95 and ≥ 0.97 of the reference) and the login page (desktop ≥ 98, mobile
 * ≥ 75), each next to its reference of the same run: the same built bytes and API answers served by a
 * bare static server. Also the patient entry's compressed JavaScript before the form
 * is usable (budget 100 KB) and the script bytes Lighthouse saw go over the wire.
 * Needs a build (`npm run build`) and Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 * Usage: npm run bench:lighthouse
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { percentile } from "./lib/percentile.js";
import { startBenchServer } from "./lib/server.js";
import { startSnapshotServer } from "./lib/snapshot-server.js";

const RUNS = 3;
const PUBLIC_BUDGET = 95;
/** A patient page's score against its reference's: what our server costs the page (issue 34, item 15). */
const PUBLIC_RATIO_BUDGET = 0.97;
const LOGIN_DESKTOP_BUDGET = 98;
const LOGIN_MOBILE_BUDGET = 75;
const PUBLIC_JS_BUDGET_KB = 100;
const distDir = path.resolve(import.meta.dirname, "../apps/web/dist");

if (!existsSync(path.join(distDir, "public.html"))) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

/** public.html's scripts and their static imports, as the phone loads them before the form works. */
function publicEntryScripts(): string[] {
  const html = readFileSync(path.join(distDir, "public.html"), "utf8");
  const queue = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const code = readFileSync(path.join(distDir, name), "utf8");
    for (const match of code.matchAll(
      /(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g,
    ))
      queue.push(`assets/${match[1]}`);
  }
  return [...seen];
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Score {
  score: number;
  scriptBytes: number;
}

async function audit(url: string, formFactor: "mobile" | "desktop", port: number): Promise<Score> {
  const result = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
    formFactor === "desktop" ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const requests =
    (
      result.lhr.audits["network-requests"]?.details as
        { items?: { resourceType?: string; transferSize?: number }[] } | undefined
    )?.items ?? [];
  return {
    score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
    scriptBytes: requests
      .filter((item) => item.resourceType === "Script")
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
  };
}

async function medianOf(
  url: string,
  formFactor: "mobile" | "desktop",
  port: number,
): Promise<{ scores: number[]; median: number; scriptBytes: number }> {
  const runs: Score[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await audit(url, formFactor, port));
  const scores = runs.map((run) => run.score);
  return { scores, median: median(scores), scriptBytes: median(runs.map((run) => run.scriptBytes)) };
}

type Language = "ja" | "en";
/** A browser per language: the patient pages open in the browser's (navigator.languages). */
const launchChrome = (language: Language) =>
  chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      `--lang=${language}`,
      `--accept-lang=${language}`,
    ],
  });

const server = await startBenchServer("embedded", undefined, { WEB_DIST_DIR: distDir });
const chromes = { ja: await launchChrome("ja"), en: await launchChrome("en") };
try {
  const auth = { authorization: `Bearer ${server.token}` };
  const { publicSlug } = (await (await fetch(`${server.baseUrl}/api/pharmacy`, { headers: auth })).json()) as {
    publicSlug: string;
  };
  const form = new FormData();
  form.append("patientName", "ベンチ テスト");
  form.append("phone", "09000000000");
  form.append(
    "answers",
    JSON.stringify({ prescriptionType: "Electronic", verifyMethod: "MyNumberCard", receiveMethod: "Pharmacy" }),
  );
  const sent = await fetch(`${server.baseUrl}/api/public/pharmacy/${publicSlug}/reception`, {
    method: "POST",
    body: form,
  });
  const { statusToken } = (await sent.json()) as { statusToken: string };

  const pages = { public: `/web/${publicSlug}`, status: `/web/status/${statusToken}`, login: "/login/" };
  // every call the two pages make before they settle, so the reference answers each as the server does
  const apiPaths = [
    `/api/public/pharmacy/${publicSlug}`,
    `/api/public/reception/${statusToken}`,
    `/api/public/reception/${statusToken}/line_link`,
  ];
  const answers = new Map(
    await Promise.all(
      apiPaths.map(async (apiPath) => [apiPath, await (await fetch(`${server.baseUrl}${apiPath}`)).text()] as const),
    ),
  );
  const snapshot = await startSnapshotServer(distDir, answers);

  const scripts = publicEntryScripts();
  const bytesOf = (compress: (data: Buffer) => Buffer) =>
    scripts.reduce((sum, name) => sum + compress(readFileSync(path.join(distDir, name))).length, 0);
  console.log(
    `patient entry JS before the form is usable (${scripts.length} files): ${kb(bytesOf((data) => gzipSync(data, { level: 9 })))} gzip, ${kb(bytesOf((data) => brotliCompressSync(data)))} brotli — budget ${PUBLIC_JS_BUDGET_KB} KB`,
  );

  const rows: [string, string, "mobile" | "desktop", number, Language][] = [
    ["/web/{slug} ja", pages.public, "mobile", PUBLIC_BUDGET, "ja"],
    ["/web/status/{token} ja", pages.status, "mobile", PUBLIC_BUDGET, "ja"],
    ["/web/{slug} en", pages.public, "mobile", PUBLIC_BUDGET, "en"],
    ["/web/status/{token} en", pages.status, "mobile", PUBLIC_BUDGET, "en"],
    ["/login/ desktop", pages.login, "desktop", LOGIN_DESKTOP_BUDGET, "ja"],
    ["/login/ mobile", pages.login, "mobile", LOGIN_MOBILE_BUDGET, "ja"],
  ];
  console.log(
    `Lighthouse ${RUNS} runs each, performance (median): server vs reference (same bytes from a bare static server)`,
  );
  for (const [label, page, formFactor, budget, language] of rows) {
    const { port } = chromes[language];
    const real = await medianOf(`${server.baseUrl}${page}`, formFactor, port);
    const reference = await medianOf(`${snapshot.baseUrl}${page}`, formFactor, port);
    const patientPage = page !== pages.login;
    const ratio = real.median / reference.median;
    const verdict = real.median >= budget && (!patientPage || ratio >= PUBLIC_RATIO_BUDGET) ? "ok" : "MISSED";
    console.log(
      `${label.padEnd(22)} ${String(real.median).padStart(3)} [${real.scores.join(", ")}]  reference ${String(reference.median).padStart(3)} [${reference.scores.join(", ")}]  budget ≥ ${budget}${patientPage ? ` and ≥ ${PUBLIC_RATIO_BUDGET} of it (${ratio.toFixed(2)})` : ""} ${verdict}  scripts over the wire ${kb(real.scriptBytes)}`,
    );
  }
  await snapshot.close();
} finally {
  for (const chrome of Object.values(chromes)) await chrome.kill();
  await server.stop();
}
