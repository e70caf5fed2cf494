import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { compactHolidays } from "./scripts/compact-holidays";

const THEME_COLOR = "#01579B";
/** The light pages, served from their own HTML (public.html and login.html, built by vite.public.config.ts). */
const LIGHT_PAGES: readonly [RegExp, string][] = [
  [/^\/web\/[^?]*/, "/public.html"],
  [/^\/login\/?(\?|$)/, "/login.html"],
];

/** `vite dev` and `vite preview` answer the light pages with their own entry, as the server does (dev: with React, not Preact). */
function lightPagesOutsideTheServer(): Plugin {
  const rewrite = (request: { url?: string }) => {
    const page = LIGHT_PAGES.find(([path]) => request.url && path.test(request.url));
    if (page) request.url = page[1];
  };
  return {
    name: "light-pages-outside-the-server",
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        rewrite(request);
        next();
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use((request, _response, next) => {
        rewrite(request);
        next();
      });
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), "");
  const apiTarget = env.DEV_API_PROXY_TARGET || "http://localhost:3000";
  const proxied = { target: apiTarget, changeOrigin: true };

  return {
    plugins: [
      compactHolidays(),
      // The router plugin must run before the React plugin so that it can split route files.
      tanstackRouter({ target: "react", autoCodeSplitting: true }),
      react(),
      lightPagesOutsideTheServer(),
      VitePWA({
        registerType: "autoUpdate",
        // main.tsx imports virtual:pwa-register itself: nothing is injected into index.html (CSP: script-src 'self').
        injectRegister: false,
        scope: "/",
        base: "/",
        includeAssets: ["favicon.svg", "apple-touch-icon.png"],
        manifest: {
          name: "薬局受付",
          short_name: "薬局受付",
          description: "薬局の処方箋受付アプリ",
          lang: "ja",
          start_url: "/",
          scope: "/",
          display: "standalone",
          theme_color: THEME_COLOR,
          background_color: "#ffffff",
          icons: [
            { src: "pwa-192x192.png", sizes: "192x192", type: "image/png" },
            { src: "pwa-512x512.png", sizes: "512x512", type: "image/png" },
            { src: "pwa-512x512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
            { src: "favicon.svg", sizes: "any", type: "image/svg+xml" },
          ],
        },
        workbox: {
          globPatterns: ["**/*.{js,css,html,svg,png,ico,webmanifest}"],
          // The staff app only: the light entries are built afterwards (vite.public.config.ts) into the same
          // folder, so they are never in this list; the names are left out in case a build is repeated.
          globIgnores: ["public.html", "login.html", "**/public-*", "**/login-*"],
          navigateFallback: "index.html",
          navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/auth(\/|$)/, /^\/ws(\/|$)/, /^\/web\//, /^\/login(\/|$)/],
          cleanupOutdatedCaches: true,
        },
      }),
    ],
    server: {
      port: 5173,
      proxy: {
        "/api": proxied,
        "/auth": proxied,
        "/ws": { ...proxied, ws: true },
      },
    },
    preview: {
      proxy: {
        "/api": proxied,
        "/auth": proxied,
        "/ws": { ...proxied, ws: true },
      },
    },
    build: {
      outDir: "dist",
      emptyOutDir: true,
    },
  };
});
