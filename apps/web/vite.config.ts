import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const THEME_COLOR = "#01579B";
/** The patient pages, served from their own HTML (public.html, built by vite.public.config.ts). */
const PUBLIC_PAGES = /^\/web\/[^?]*/;

/** `vite dev` answers the patient pages with their own entry, as the server does (with React, not Preact). */
function publicPagesInDev(): Plugin {
  return {
    name: "public-pages-in-dev",
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && PUBLIC_PAGES.test(request.url)) request.url = "/public.html";
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
      // The router plugin must run before the React plugin so that it can split route files.
      tanstackRouter({ target: "react", autoCodeSplitting: true }),
      react(),
      publicPagesInDev(),
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
          // The staff app only: the patient entry is built afterwards (vite.public.config.ts) into the same
          // folder, so it is never in this list; the names are left out in case a build is repeated.
          globIgnores: ["public.html", "**/public-*"],
          navigateFallback: "index.html",
          navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/auth(\/|$)/, /^\/ws(\/|$)/, /^\/web\//],
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
