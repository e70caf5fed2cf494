import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordPage } from "../features/auth/components/forgot-password-page";
import { ForgotPasswordSearchSchema } from "../lib/forms/search-params";

export const Route = createFileRoute("/forgot-password")({
  validateSearch: ForgotPasswordSearchSchema,
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  const { email, step } = Route.useSearch();
  // Keyed by step so each step starts with a fresh form.
  return <ForgotPasswordPage key={step ?? "request"} email={email} step={step} />;
}
