import "./lib/browser/zod-without-eval";
import { setJapaneseValidationMessages } from "@pharmacy/contract/shared/zod-locale";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { readLoginSearch } from "./features/auth/light-login/login-target";
import { LoginApp } from "./features/auth/light-login/login-app";
import { takeLoginNotice } from "./lib/auth/login-notice";
import "./features/public/public.css";

// The staff sign-in (login.html): the first page of every shift and of a shared tablet, so it is built
// like the patient pages (React's API on Preact, plain CSS). The staff app loads once signed in.
setJapaneseValidationMessages();
const { email, target } = readLoginSearch(location.search);
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <LoginApp email={email} target={target} notice={takeLoginNotice()} leave={(to) => location.replace(to)} />
  </StrictMode>,
);
