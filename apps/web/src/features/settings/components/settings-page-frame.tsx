import { Alert, Card, ConfigProvider, Flex, Skeleton, Typography } from "antd";
import type { ReactNode } from "react";
import { useAppSelector } from "../../../lib/store/store-hooks";
import { can } from "../../../lib/auth/roles";
import { selectUser } from "../../../lib/auth/session";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import { SETTINGS_PAGES, type SettingsPageKey } from "../pages";
import { LoadErrorAlert } from "../../../components/load-error-alert";

interface SettingsPageFrameProps {
  pageKey: SettingsPageKey;
  /** Still loading the data the page edits: a skeleton instead of the form. */
  loading: boolean;
  /** Loading failed: a message and a retry instead of the form. */
  error?: unknown;
  onRetry?: () => void;
  children?: ReactNode;
}

/** Title and one-line purpose of a settings screen, with its loading and error states. */
export function SettingsPageFrame({ pageKey, loading, error, onRetry, children }: SettingsPageFrameProps) {
  const page = SETTINGS_PAGES.find((candidate) => candidate.key === pageKey)!;
  useDocumentTitle(page.title);
  const canWrite = can(useAppSelector(selectUser)?.role, "settings.write");

  // Staff read the settings; only an admin may change them, so nothing here offers a save that would answer 403.
  let body: ReactNode = canWrite ? (
    children
  ) : (
    <>
      <Alert type="info" showIcon title="設定の変更は管理者だけが行えます。この画面は閲覧のみです。" />
      <ConfigProvider componentDisabled>{children}</ConfigProvider>
    </>
  );
  if (error) {
    body = <LoadErrorAlert title="設定を読み込めませんでした" error={error} onRetry={onRetry} />;
  } else if (loading) {
    body = (
      <Card aria-busy="true" aria-label="読み込み中">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {page.title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ margin: "4px 0 0" }}>
          {page.description}
        </Typography.Paragraph>
      </div>
      {body}
    </Flex>
  );
}
