import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button } from "antd";
import { apiErrorMessage } from "../lib/api/api-error";

interface LoadErrorAlertProps {
  /** What did not come, e.g. 「受付一覧を読み込めませんでした」. */
  title: string;
  error: unknown;
  /** 「再読み込み」 asks again; without it the alert only says why. */
  onRetry?: () => void;
  retrying?: boolean;
}

/** A staff screen's data did not come: what, the server's reason in Japanese, and 「再読み込み」. */
export function LoadErrorAlert({ title, error, onRetry, retrying }: LoadErrorAlertProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={apiErrorMessage(error)}
      action={
        onRetry && (
          <Button icon={<ReloadOutlined aria-hidden />} loading={retrying} onClick={onRetry}>
            再読み込み
          </Button>
        )
      }
    />
  );
}
