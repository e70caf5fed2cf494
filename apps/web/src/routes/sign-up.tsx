import { createFileRoute } from "@tanstack/react-router";
import { SignUpPage } from "../features/auth/components/sign-up-page";
import { SignUpSearchSchema } from "../lib/forms/search-params";

export const Route = createFileRoute("/sign-up")({
  validateSearch: SignUpSearchSchema,
  component: SignUpRoute,
});

function SignUpRoute() {
  const { email, step } = Route.useSearch();
  // Keyed by step so each step starts with a fresh form.
  return <SignUpPage key={step ?? "account"} email={email} step={step} />;
}
