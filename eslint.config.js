import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const WEB_SRC = "apps/web/src";
const webFeatures = readdirSync(`${import.meta.dirname}/${WEB_SRC}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web's import boundaries (after bulletproof-react): shared code (`lib/`, `components/`) →
 * `features/` → `routes/` and `app/`. Features do not import each other; a piece two need moves to
 * `lib/` or `components/`. Zones are listed per feature, read from the folder, so a new one is covered.
 */
const webImportZones = [
  ...webFeatures.map((feature) => ({
    target: `${WEB_SRC}/features/${feature}`,
    from: `${WEB_SRC}/features`,
    except: [`./${feature}`],
    message: "Features do not import each other: move the shared piece to lib/ or components/.",
  })),
  {
    target: [`${WEB_SRC}/lib`, `${WEB_SRC}/components`],
    from: [`${WEB_SRC}/features`, `${WEB_SRC}/routes`, `${WEB_SRC}/app`],
    message: "lib/ and components/ are shared: they do not import features, routes or app.",
  },
  {
    target: `${WEB_SRC}/features`,
    from: [`${WEB_SRC}/routes`, `${WEB_SRC}/app`],
    message: "Features do not import routes or app.",
  },
];

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "**/dev-dist/**", "**/routeTree.gen.ts", "data/**", "e2e/screenshots/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: { "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: webImportZones }],
    },
  },
  {
    // the store is read and written through the typed hooks of lib/store-hooks.ts
    files: ["apps/web/src/**/*.{ts,tsx}"],
    ignores: ["apps/web/src/lib/store-hooks.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "react-redux", importNames: ["useSelector", "useDispatch", "useStore"], message: "Use useAppSelector, useAppDispatch or useAppStore of lib/store-hooks.ts." }] },
      ],
    },
  },
  {
    files: ["**/test/**/*.ts", "e2e/**/*.ts", "bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
