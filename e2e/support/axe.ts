import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
let axeSource: Promise<string> | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core (WCAG 2.1 A/AA and best practices) on the page; returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<{ id: string; help: string; targets: string[] }[]> {
  axeSource ??= readFile(require.resolve("axe-core/axe.min.js"), "utf8");
  // Evaluated through the debugging protocol: the app's CSP (script-src 'self') refuses an inline script tag.
  await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}
