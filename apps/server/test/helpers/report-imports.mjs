// `node --import ./report-imports.mjs …`: writes each package the process imports (ESM) to stderr as
// "imported package <name>", so a test sees what a start loads. Node runs resolve hooks on a thread
// of their own, where this same file is loaded again as the hook.
import { writeSync } from "node:fs";
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

if (isMainThread) register(import.meta.url);

export async function resolve(specifier, context, nextResolve) {
  if (!/^(node:|file:|data:|\.|\/)/.test(specifier)) writeSync(2, `imported package ${specifier}\n`);
  return nextResolve(specifier, context);
}
