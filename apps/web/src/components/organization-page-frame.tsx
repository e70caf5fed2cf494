import { ArrowLeftOutlined } from "@ant-design/icons";
import { Card, Flex, Skeleton, Typography } from "antd";
import type { ReactNode } from "react";
import { ButtonLink } from "./button-link";
import { LoadErrorAlert } from "./load-error-alert";

interface OrganizationPageFrameProps {
  title: string;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  children?: ReactNode;
}

/** A screen of the 本部 (the organisation's questions, templates): its title, the way back, loading and errors. */
export function OrganizationPageFrame({ title, loading, error, onRetry, children }: OrganizationPageFrameProps) {
  return (
    <Flex vertical gap={16}>
      <div>
        <ButtonLink to="/organization" type="link" icon={<ArrowLeftOutlined aria-hidden />} style={{ padding: 0 }}>
          本部に戻る
        </ButtonLink>
        <Typography.Title level={1} style={{ margin: "4px 0 0", fontSize: 24 }}>
          {title}
        </Typography.Title>
      </div>
      {error ? (
        <LoadErrorAlert title="本部の設定を読み込めませんでした" error={error} onRetry={onRetry} />
      ) : loading ? (
        <Card aria-busy="true" aria-label="読み込み中">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        children
      )}
    </Flex>
  );
}
