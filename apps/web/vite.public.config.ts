import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { publicEntryBudget } from "./scripts/public-entry-budget";

/**
 * The patient entry (public.html → /web/{slug} and /web/status/{token}), built after the staff app into
 * the same dist/ with nothing shared: React's API on Preact (about 55 KB less gzipped JavaScript than
 * react-dom, which with zod would not fit the 100 KB budget on a phone), no UI kit, no caching service
 * worker (public/public-push-sw.js only shows pushes, and is registered when the visitor asks for them).
 */
export default defineConfig({
  plugins: [react(), publicEntryBudget(/\/public\.html$/)],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react$/, replacement: "preact/compat" },
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: false,
    rolldownOptions: {
      // Named "public", so every file of this entry starts with "public-".
      input: { public: "public.html" },
      output: { chunkFileNames: "assets/public-[name]-[hash].js" },
    },
  },
});
