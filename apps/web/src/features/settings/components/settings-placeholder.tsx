import { ToolOutlined } from "@ant-design/icons";
import { Card, Flex, Typography } from "antd";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { SETTINGS_PAGES, type SettingsPageKey } from "../pages";

/** A settings screen whose form is still to come: its title and what it will be for. */
export function SettingsPlaceholder({ pageKey }: { pageKey: SettingsPageKey }) {
  const page = SETTINGS_PAGES.find((candidate) => candidate.key === pageKey)!;
  useDocumentTitle(page.title);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {page.title}
      </Typography.Title>
      <Card>
        <Typography.Paragraph>{page.description}</Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          <ToolOutlined aria-hidden /> この設定画面は準備中です。
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}
