import { resolve } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * `npm run lint` enforces the web's import boundaries: the repository's own ESLint config lints a
 * file placed (virtually) in each layer, importing a real module of another.
 */
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, "../../..") });

async function boundaryErrors(filePath: string, importPath: string): Promise<string[]> {
  const code = `import * as other from "${importPath}";\nexport const used = other;\n`;
  const [result] = await eslint.lintText(code, { filePath: `apps/web/src/${filePath}` });
  return result!.messages
    .filter((message) => message.ruleId === "import-x/no-restricted-paths")
    .map((message) => message.message);
}

// the first lint loads the whole ESLint config and its plugins: seconds on a shared machine, not a hang
describe("import boundaries of the web app", { timeout: 60_000 }, () => {
  it("a feature importing another feature fails the lint", async () => {
    const errors = await boundaryErrors("features/settings/fixture.ts", "../receptions/api");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Features do not import each other");
  });

  it("a feature may import its own files and the shared ones", async () => {
    expect(await boundaryErrors("features/settings/fixture.ts", "./api")).toEqual([]);
    expect(await boundaryErrors("features/settings/components/fixture.ts", "../../../lib/api")).toEqual([]);
    expect(await boundaryErrors("features/settings/fixture.ts", "../../components/choice-buttons")).toEqual([]);
  });

  it("lib/ and components/ importing a feature fail the lint", async () => {
    expect(await boundaryErrors("lib/fixture.ts", "../features/receptions/api")).toHaveLength(1);
    expect(await boundaryErrors("components/fixture.ts", "../features/auth/api")).toHaveLength(1);
  });

  it("a feature importing a route fails the lint; routes may import features", async () => {
    expect(await boundaryErrors("features/auth/fixture.ts", "../../routes/__root")).toHaveLength(1);
    expect(await boundaryErrors("routes/fixture.ts", "../features/receptions/api")).toEqual([]);
  });
});
