import { resolve } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * `npm run lint` refuses Japanese text in the patient's screens outside the catalogs: the repository's
 * own ESLint config lints a component placed (virtually) in each folder.
 */
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, "../../..") });

async function textErrors(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: `apps/web/src/${filePath}` });
  return result!.messages.filter((message) => message.ruleId === "no-restricted-syntax").length;
}

const jsxText = `export const Page = () => <p>受付する</p>;\n`;
const attribute = `export const Page = () => <p title="受付">x</p>;\n`;
const template = "export const label = (n: number) => `残り${n}問`;\n";
const translated = `// 受付する in a comment is free\nexport const Page = ({ t }: { t: (key: string) => string }) => <p>{t("kiosk.start")}</p>;\n`;

// the first lint loads the whole ESLint config and its plugins: seconds on a shared machine, not a hang
describe("no Japanese text in patient screens outside the catalogs", { timeout: 60_000 }, () => {
  it.each([
    "features/public/components/fixture.tsx",
    "features/receptions/kiosk/fixture.tsx",
    "features/receptions/counter/fixture.tsx",
  ])(
    "%s: JSX text, a string and a template fail the lint",
    async (path) => {
      expect(await textErrors(path, jsxText)).toBe(1);
      expect(await textErrors(path, attribute)).toBe(1);
      expect(await textErrors(path, template)).toBeGreaterThan(0);
      expect(await textErrors(path, translated)).toBe(0);
    },
    60_000,
  );

  it("staff screens stay Japanese and are not checked", async () => {
    expect(await textErrors("features/settings/components/fixture.tsx", jsxText)).toBe(0);
    expect(await textErrors("features/receptions/components/fixture.tsx", jsxText)).toBe(0);
  }, 60_000);
});
