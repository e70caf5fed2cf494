import "./lib/browser/zod-without-eval";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PublicApp } from "./features/public/components/public-app";
import { applyStoredTextSize } from "./lib/browser/text-size";
import { initialLanguage, showLanguage } from "./lib/i18n/patient-i18n";
import "./features/public/public.css";

// The patient's entry (public.html): React and plain CSS only, no staff code; its one service worker only
// shows pushes, registered when the visitor asks for them. The page opens in the device's or the
// browser's language: Japanese at once, another after its messages are fetched (Japanese if that fails).
applyStoredTextSize();
const language = initialLanguage();
void showLanguage(language)
  .catch(() => showLanguage("ja"))
  .finally(() =>
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <PublicApp />
      </StrictMode>,
    ),
  );
