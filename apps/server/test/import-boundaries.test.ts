import { resolve } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * `npm run lint` enforces the server's import boundaries (apps/server/README.md, "Boundaries"): the
 * repository's own ESLint config lints a file placed (virtually) in the server's sources, importing a
 * real module.
 */
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, "../../..") });

async function errorsOf(filePath: string, importPath: string, rule: string): Promise<string[]> {
  const code = `import * as other from "${importPath}";\nexport const used = other;\n`;
  const [result] = await eslint.lintText(code, { filePath: `apps/server/src/${filePath}` });
  return result!.messages.filter((message) => message.ruleId === rule).map((message) => message.message);
}

const boundaryErrors = (filePath: string, importPath: string) =>
  errorsOf(filePath, importPath, "import-x/no-restricted-paths");

describe("import boundaries of the server", () => {
  it("a feature importing another feature's repository fails the lint", async () => {
    const errors = await boundaryErrors("features/files/fixture.ts", "../receptions/repository.js");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("through its index.ts only");
  });

  it("a feature importing another's routes or service file, not its index.ts, fails the lint", async () => {
    expect(await boundaryErrors("features/public/fixture.ts", "../pharmacy/routes.js")).toHaveLength(1);
    expect(await boundaryErrors("features/devices/fixture.ts", "../auth/service.js")).toHaveLength(1);
  });

  it("a feature may import its own files, the shared folders and a lower feature's index.ts", async () => {
    expect(await boundaryErrors("features/files/fixture.ts", "./repository.js")).toEqual([]);
    expect(await boundaryErrors("features/files/fixture.ts", "../../live/unit-of-work.js")).toEqual([]);
    expect(await boundaryErrors("features/files/fixture.ts", "../receptions/index.js")).toEqual([]);
  });

  it("a feature importing one above it, even through its index.ts, fails the lint: features form no cycle", async () => {
    const errors = await boundaryErrors("features/pharmacy/fixture.ts", "../receptions/index.js");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("pharmacy sits below receptions");
  });

  it("a shared folder importing a feature fails the lint", async () => {
    expect(await boundaryErrors("live/fixture.ts", "../features/auth/index.js")).toHaveLength(1);
    expect(await boundaryErrors("db/fixture.ts", "../features/files/repository.js")).toHaveLength(1);
    expect(await boundaryErrors("lib/fixture.ts", "../features/receptions/index.js")).toHaveLength(1);
  });

  it("the files at the top of src/, where the services are built and wired, may import any feature's files", async () => {
    expect(await boundaryErrors("fixture.ts", "./features/receptions/service.js")).toEqual([]);
  });

  it("an import cycle between modules fails the lint", async () => {
    // lib/actor.ts → lib/identity.ts → lib/errors.ts: errors.ts importing actor.ts closes the loop
    expect(await errorsOf("lib/errors.ts", "./actor.js", "import-x/no-cycle")).toHaveLength(1);
  });
});
