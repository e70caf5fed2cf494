/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API; empty means the page's own origin. */
  readonly VITE_API_BASE_URL?: string;
  /** Websocket address; empty means ws(s)://<page origin>/ws. */
  readonly VITE_WS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
