import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PublicApp } from "./features/public-reception/components/public-app";
import "./features/public-reception/public.css";

// The patient's entry (public.html): React and plain CSS only, no staff code and no service worker.
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <PublicApp />
  </StrictMode>,
);
