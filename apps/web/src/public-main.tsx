import "./lib/browser/zod-without-eval";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PublicApp } from "./features/public/components/public-app";
import "./features/public/public.css";

// The patient's entry (public.html): React and plain CSS only, no staff code; its one service worker only
// shows pushes, registered when the visitor asks for them.
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <PublicApp />
  </StrictMode>,
);
