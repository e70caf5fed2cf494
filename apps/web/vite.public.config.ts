import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compactHolidays } from "./scripts/compact-holidays";
import { LOGIN_ENTRY, PATIENT_ENTRY, lightEntryBudget } from "./scripts/public-entry-budget";

/**
 * The light entries, built after the staff app into the same dist/ with nothing shared with it: the
 * patient pages (public.html → /web/{slug} and /web/status/{token}) and the staff sign-in (login.html →
 * /login/). React's API on Preact (about 55 KB less gzipped JavaScript than react-dom, which with zod
 * would not fit the 100 KB budget on a phone), no UI kit, no caching service worker
 * (public/public-push-sw.js only shows pushes, and is registered when the visitor asks for them).
 */
export default defineConfig({
  plugins: [compactHolidays(), react(), lightEntryBudget(PATIENT_ENTRY, LOGIN_ENTRY)],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react$/, replacement: "preact/compat" },
    ],
  },
  // The code reader's worker (lib/files/photo-codes) imports zxing-wasm as a module; named "public-" like the
  // rest, so the staff app's service worker never precaches it.
  worker: {
    format: "es",
    rolldownOptions: {
      output: {
        entryFileNames: "assets/public-[name]-[hash].js",
        assetFileNames: "assets/public-[name]-[hash][extname]",
      },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: false,
    rolldownOptions: {
      // Named "public" and "login", so every file of these entries starts with "public-" or "login-".
      input: { public: "public.html", login: "login.html" },
      output: { chunkFileNames: "assets/public-[name]-[hash].js" },
    },
  },
});
