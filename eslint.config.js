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

const SERVER_SRC = "apps/server/src";
const serverFeatures = readdirSync(`${import.meta.dirname}/${SERVER_SRC}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The server's features, lowest first: a feature may use the ones before it, never one after it, so
 * features form no cycle, not even of types (import-x/no-cycle sees value imports only). A feature
 * folder not listed here sits above all of them until it is.
 */
const SERVER_FEATURE_ORDER = [
  "audit",
  "settings",
  "pharmacy",
  "organization",
  "auth",
  "devices",
  "visitor-notices",
  "receptions",
  "files",
  "line",
  "display",
  "reports",
  "follow-ups",
  "public",
  "retention",
  "demo",
];
const serverLayers = [
  ...SERVER_FEATURE_ORDER.filter((feature) => serverFeatures.includes(feature)),
  ...serverFeatures.filter((feature) => !SERVER_FEATURE_ORDER.includes(feature)),
];
const SERVER_SHARED = ["lib", "live", "db", "ops", "config", "mail"];

/**
 * The server's import boundaries (apps/server/README.md, "Boundaries"): a feature uses another only
 * through that feature's `index.ts`, and only one below it in SERVER_FEATURE_ORDER; the shared folders
 * import no feature. The files at the top of `src/` (`services.ts`, `routes.ts`, `background-jobs.ts`, where
 * everything is built and wired) and the entry files may import anything.
 */
const serverImportZones = [
  ...serverLayers.flatMap((feature, layer) => [
    ...serverLayers.slice(0, layer).map((lower) => ({
      target: `${SERVER_SRC}/features/${feature}`,
      from: `${SERVER_SRC}/features/${lower}`,
      except: ["./index.ts"],
      message: `Another feature is used through its index.ts only (${lower}/index.ts): its repository, routes and other files are its own.`,
    })),
    ...serverLayers.slice(layer + 1).map((higher) => ({
      target: `${SERVER_SRC}/features/${feature}`,
      from: `${SERVER_SRC}/features/${higher}`,
      message: `${feature} sits below ${higher} in SERVER_FEATURE_ORDER (eslint.config.js): importing it would make a cycle between features. Pass what is needed in from services.ts instead.`,
    })),
  ]),
  {
    target: SERVER_SHARED.map((folder) => `${SERVER_SRC}/${folder}`),
    from: `${SERVER_SRC}/features`,
    message:
      "Shared folders import no feature: take what is needed as a parameter, and let services.ts pass the feature's piece in.",
  },
];

/** The patient's screens: every word there comes from the patient catalogs. */
const PATIENT_SOURCES = [
  "apps/web/src/features/public/**/*.{ts,tsx}",
  "apps/web/src/features/receptions/kiosk/**/*.{ts,tsx}",
  "apps/web/src/features/receptions/counter/**/*.{ts,tsx}",
  "apps/web/src/components/patient-controls.tsx",
  "apps/web/src/lib/i18n/*.{ts,tsx}",
  "apps/web/src/lib/receptions/patient-*.ts",
];
/** Hiragana, katakana or kanji anywhere in a string. */
const JAPANESE_TEXT = "/[\\u3040-\\u30ff\\u4e00-\\u9faf]/u";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/dev-dist/**",
      "**/routeTree.gen.ts",
      "data/**",
      "e2e/screenshots/**",
    ],
  },
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
    files: [`${SERVER_SRC}/**/*.ts`],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createNodeResolver({ extensions: [".ts", ".js"], extensionAlias: { ".js": [".ts", ".js"] } }),
      ],
      // no-cycle reads the imported modules: TypeScript ones too
      "import-x/extensions": [".ts", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: serverImportZones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "node:async_hooks",
              importNames: ["AsyncLocalStorage", "createHook"],
              message:
                "Once one runs, Node 20 runs async hooks on every promise of the process for good (db/query-count.ts): pass what a call needs instead.",
            },
          ],
        },
      ],
    },
  },
  {
    // the store is read and written through the typed hooks of lib/store/store-hooks.ts
    files: ["apps/web/src/**/*.{ts,tsx}"],
    ignores: ["apps/web/src/lib/store/store-hooks.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-redux",
              importNames: ["useSelector", "useDispatch", "useStore"],
              message: "Use useAppSelector, useAppDispatch or useAppStore of lib/store/store-hooks.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // the contract's zod (packages/contract/src/shared/zod.ts): its z.string() refuses NUL and lone surrogates
    files: ["packages/contract/src/**/*.ts"],
    ignores: ["packages/contract/src/shared/zod.ts", "packages/contract/src/shared/text.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["zod", "zod/v4", "zod/mini", "zod/v4/core"].map((name) => ({
            name,
            message:
              'import * as z from "./zod.js": its strings refuse NUL and lone surrogates, which no database stores.',
          })),
        },
      ],
    },
  },
  {
    // What a patient reads lives in the patient catalogs (apps/web/src/lib/i18n/catalogs), in every language:
    // no Japanese text in the patient pages' code, the kiosk or the counter flow (comments are free).
    files: [...PATIENT_SOURCES],
    // the switcher names each language in itself
    ignores: ["**/*.test.{ts,tsx}", "apps/web/src/lib/i18n/languages.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...["JSXText", "Literal", "TemplateElement"].map((node) => ({
          selector: `${node}[${node === "TemplateElement" ? "value.raw" : "value"}=${JAPANESE_TEXT}]`,
          message: "Patient-facing text belongs in the patient catalogs (lib/i18n/catalogs), in every language.",
        })),
      ],
    },
  },
  {
    files: ["**/test/**/*.ts", "e2e/**/*.ts", "bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
