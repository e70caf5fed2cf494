import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/**
 * The patient entry's budget (issue 13 goal 1), checked by every build: the JavaScript public.html
 * loads before the form is usable (its entry chunk and their static imports) is at most 100 KB
 * gzipped and holds no UI kit and no staff code. The build fails otherwise, so CI catches it.
 */

export const PUBLIC_JS_BUDGET_BYTES = 100 * 1024;

/** Modules the patient's phone must never load up front. */
const FORBIDDEN_MODULES: readonly RegExp[] = [
  /node_modules\/(antd|@ant-design|@rc-component\/(?!qrcode)|rc-[a-z-]+|@reduxjs|react-redux|@tanstack|dayjs|workbox-window)\//,
  /\/src\/(app|routes)\//,
  /\/src\/features\/(?!public-reception\/)/,
  /virtual:pwa-register/,
];

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
export function budgetProblems(closure: readonly ChunkInfo[], budget = PUBLIC_JS_BUDGET_BYTES): { gzipBytes: number; problems: string[] } {
  const gzipBytes = closure.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);
  const problems: string[] = [];
  if (gzipBytes > budget) problems.push(`${(gzipBytes / 1024).toFixed(1)} KB of gzipped JavaScript, over the ${budget / 1024} KB budget`);
  for (const chunk of closure) {
    for (const id of chunk.moduleIds) {
      const path = id.replaceAll("\\", "/");
      if (FORBIDDEN_MODULES.some((pattern) => pattern.test(path))) problems.push(`${chunk.fileName} holds ${path}`);
    }
  }
  return { gzipBytes, problems };
}

export function publicEntryBudget(entryModule: RegExp): Plugin {
  return {
    name: "public-entry-budget",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === "chunk"
          ? [{ fileName: output.fileName, code: output.code, imports: output.imports, moduleIds: output.moduleIds, facadeModuleId: output.facadeModuleId }]
          : [],
      );
      const closure = staticClosure(chunks, entryModule);
      const { gzipBytes, problems } = budgetProblems(closure);
      if (problems.length > 0) this.error(`The patient entry breaks its budget:\n${problems.join("\n")}`);
      this.info(`patient entry: ${(gzipBytes / 1024).toFixed(1)} KB gzipped JavaScript up front (budget ${PUBLIC_JS_BUDGET_BYTES / 1024} KB)`);
    },
  };
}
