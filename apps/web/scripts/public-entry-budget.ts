import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/**
 * The light entries' budget, checked by every build: the JavaScript public.html
 * (the patient pages) or login.html (the staff sign-in) loads before its form is usable (the entry chunk
 * and its static imports) is at most 100 KB gzipped and holds no UI kit, no staff app code and no
 * staff-side contract module. The build
 * fails otherwise, so CI catches it.
 */

export const PUBLIC_JS_BUDGET_BYTES = 100 * 1024;

export interface LightEntry {
  label: string;
  /** The entry's HTML file, as the bundler names the chunk's facade module. */
  entry: RegExp;
  /** The features (folders of src/features) it may load up front. */
  features: readonly string[];
}

export const PATIENT_ENTRY: LightEntry = {
  label: "patient entry",
  entry: /\/public\.html$/,
  features: ["public"],
};
// The sign-in has the patient pages' base stylesheet.
export const LOGIN_ENTRY: LightEntry = {
  label: "login entry",
  entry: /\/login\.html$/,
  features: ["auth", "public"],
};

/**
 * The contract's staff-side schema modules (receptions, prescriptions, お薬手帳, follow-up worklists,
 * uploads): every schema of a loaded module is built while the page starts, so a light entry takes
 * what it needs from the small modules beside them (receptions/patient-name, files/file-limits,
 * follow-ups/patient-page).
 */
const STAFF_CONTRACT_MODULES =
  /\/packages\/contract\/src\/(receptions\/receptions|follow-ups\/follow-ups|files\/files|files\/medication-record)\.ts$/;

/** Modules a light entry must never load up front. */
function forbiddenModules(features: readonly string[]): RegExp[] {
  return [
    /node_modules\/(antd|@ant-design|@rc-component\/(?!qrcode)|rc-[a-z-]+|@reduxjs|react-redux|@tanstack|dayjs|workbox-window)\//,
    /\/src\/(app|routes)\//,
    new RegExp(`/src/features/(?!(${features.join("|")})/)`),
    /virtual:pwa-register/,
    STAFF_CONTRACT_MODULES,
  ];
}

export interface ChunkInfo {
  fileName: string;
  code: string;
  imports: readonly string[];
  moduleIds: readonly string[];
  facadeModuleId: string | null;
}

/** The chunks loaded with `entryModule` before anything lazy: the entry and its static imports. */
export function staticClosure(chunks: readonly ChunkInfo[], entryModule: RegExp): ChunkInfo[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.facadeModuleId !== null && entryModule.test(chunk.facadeModuleId));
  if (!entry) throw new Error(`No chunk has the entry ${entryModule}`);
  const seen = new Map<string, ChunkInfo>();
  const queue = [entry];
  while (queue.length > 0) {
    const chunk = queue.pop()!;
    if (seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) queue.push(imported);
    }
  }
  return [...seen.values()];
}

/** What is wrong with the entry's up-front chunks: too many bytes, or modules that must not be there. */
export function budgetProblems(
  closure: readonly ChunkInfo[],
  features: readonly string[] = PATIENT_ENTRY.features,
  budget = PUBLIC_JS_BUDGET_BYTES,
): { gzipBytes: number; problems: string[] } {
  const forbidden = forbiddenModules(features);
  const gzipBytes = closure.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);
  const problems: string[] = [];
  if (gzipBytes > budget)
    problems.push(`${(gzipBytes / 1024).toFixed(1)} KB of gzipped JavaScript, over the ${budget / 1024} KB budget`);
  for (const chunk of closure) {
    for (const id of chunk.moduleIds) {
      const path = id.replaceAll("\\", "/");
      if (forbidden.some((pattern) => pattern.test(path))) problems.push(`${chunk.fileName} holds ${path}`);
    }
  }
  return { gzipBytes, problems };
}

export function lightEntryBudget(...entries: LightEntry[]): Plugin {
  return {
    name: "light-entry-budget",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === "chunk"
          ? [
              {
                fileName: output.fileName,
                code: output.code,
                imports: output.imports,
                moduleIds: output.moduleIds,
                facadeModuleId: output.facadeModuleId,
              },
            ]
          : [],
      );
      for (const { label, entry, features } of entries) {
        const { gzipBytes, problems } = budgetProblems(staticClosure(chunks, entry), features);
        if (problems.length > 0) this.error(`The ${label} breaks its budget:\n${problems.join("\n")}`);
        this.info(
          `${label}: ${(gzipBytes / 1024).toFixed(1)} KB gzipped JavaScript up front (budget ${PUBLIC_JS_BUDGET_BYTES / 1024} KB)`,
        );
      }
    },
  };
}
