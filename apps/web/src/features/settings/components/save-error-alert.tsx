import { Alert } from "antd";
import { apiErrorMessage } from "../../../lib/api/api-error";

export interface SaveError {
  error: unknown;
  /** Server issues that no field on the page holds (their messages come from the contract). */
  details: string[];
}

export function SaveErrorAlert({ saveError }: { saveError: SaveError | null }) {
  if (!saveError) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={`保存できませんでした。${apiErrorMessage(saveError.error)}`}
      description={
        saveError.details.length > 0 ? (
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {saveError.details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
