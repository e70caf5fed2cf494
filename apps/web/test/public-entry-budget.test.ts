import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LOGIN_ENTRY, budgetProblems, staticClosure, type ChunkInfo } from "../scripts/public-entry-budget";

const chunk = (
  fileName: string,
  imports: string[],
  moduleIds: string[],
  facadeModuleId: string | null = null,
  code = "x",
): ChunkInfo => ({
  fileName,
  code,
  imports,
  moduleIds,
  facadeModuleId,
});

describe("the patient entry's budget (checked by every build)", () => {
  const chunks = [
    chunk(
      "assets/public-a.js",
      ["assets/public-shared.js"],
      ["/repo/apps/web/src/public-main.tsx"],
      "/repo/apps/web/public.html",
    ),
    chunk("assets/public-shared.js", [], ["/repo/node_modules/preact/dist/preact.mjs"]),
    chunk("assets/public-qr.js", [], ["/repo/node_modules/@rc-component/qrcode/es/index.js"]),
    chunk("assets/index-b.js", [], ["/repo/node_modules/antd/es/index.js"], "/repo/apps/web/index.html"),
  ];

  it("counts the entry and its static imports, not lazy chunks or the staff entry", () => {
    expect(
      staticClosure(chunks, /\/public\.html$/)
        .map((found) => found.fileName)
        .sort(),
    ).toEqual(["assets/public-a.js", "assets/public-shared.js"]);
  });

  it("passes a small entry without staff code", () => {
    expect(budgetProblems(staticClosure(chunks, /\/public\.html$/)).problems).toEqual([]);
  });

  it("fails on the UI kit, the staff app's modules or another feature", () => {
    const staff = [
      chunk(
        "assets/public-a.js",
        [],
        [
          "/repo/node_modules/antd/es/button/index.js",
          "/repo/apps/web/src/app/store.ts",
          "/repo/apps/web/src/features/receptions/api.ts",
        ],
      ),
    ];
    expect(budgetProblems(staff).problems).toHaveLength(3);
  });

  it("lets the sign-in load its own feature, and still no other feature or the UI kit", () => {
    const login = (ids: string[]) =>
      budgetProblems([chunk("assets/login-a.js", [], ids)], LOGIN_ENTRY.features).problems;
    expect(
      login([
        "/repo/apps/web/src/features/auth/light-login/login-app.tsx",
        "/repo/apps/web/src/lib/auth/token-storage.ts",
      ]),
    ).toEqual([]);
    expect(
      login(["/repo/apps/web/src/features/receptions/api.ts", "/repo/node_modules/antd/es/form/index.js"]),
    ).toHaveLength(2);
    // The patient entry may not load the sign-in.
    expect(
      budgetProblems([chunk("assets/public-a.js", [], ["/repo/apps/web/src/features/auth/light-login/login-app.tsx"])])
        .problems,
    ).toHaveLength(1);
  });

  it("fails on the contract's staff-side schema modules, not on the small modules the patient pages use", () => {
    const contract = (path: string) =>
      budgetProblems([chunk("assets/public-a.js", [], [`/repo/packages/contract/src/${path}`])]).problems;
    for (const staff of [
      "receptions/receptions.ts",
      "follow-ups/follow-ups.ts",
      "files/files.ts",
      "files/medication-record.ts",
    ])
      expect(contract(staff)).toHaveLength(1);
    for (const patient of [
      "receptions/patient-name.ts",
      "follow-ups/patient-page.ts",
      "files/file-limits.ts",
      "public/public.ts",
    ])
      expect(contract(patient)).toEqual([]);
  });

  it("fails over 100 KB gzipped", () => {
    // Random bytes do not compress: about 110 KB gzipped.
    const random = randomBytes(110 * 1024).toString("base64");
    const { gzipBytes, problems } = budgetProblems([chunk("assets/public-a.js", [], [], null, random)]);
    expect(gzipBytes).toBeGreaterThan(100 * 1024);
    expect(problems[0]).toContain("over the 100 KB budget");
  });
});
