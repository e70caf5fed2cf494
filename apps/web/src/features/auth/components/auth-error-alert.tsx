import { Alert } from "antd";
import type { ReactNode } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";

/** An auth form's failed request in Japanese, with an optional way out (e.g. a link to the right page). */
export function AuthErrorAlert({ error, action }: { error: unknown; action?: ReactNode }) {
  if (!error) return null;
  return <Alert type="error" showIcon title={apiErrorMessage(error)} style={{ marginBottom: 24 }} action={action} />;
}
