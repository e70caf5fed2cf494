import "./lib/browser/zod-without-eval";
import { setJapaneseValidationMessages } from "@pharmacy/contract/shared/zod-locale";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "antd/dist/reset.css";
import "./app/global.css";
import { bootstrapSession } from "./app/bootstrap-session";
import { AppProviders } from "./app/providers";
import { registerServiceWorker } from "./app/register-service-worker";
import { makeRouter } from "./app/router";
import { makeStore } from "./app/store";

// Zod's own messages (rules without a message of ours) in Japanese, for every form and schema.
setJapaneseValidationMessages();
const store = makeStore();
const router = makeRouter(store);
// The staff app's offline copy is for the people and devices that use it, not for a visit on its way to the sign-in.
void bootstrapSession(store).then(() => {
  if (store.getState().session.authenticated) registerServiceWorker();
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
