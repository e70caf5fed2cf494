import { UserAddOutlined } from "@ant-design/icons";
import { App, Button, Card, Flex, Typography } from "antd";
import { useState } from "react";
import { useAppSelector } from "../../../lib/store/store-hooks";
import { selectUser } from "../../../lib/auth/session";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import { useGetStaffQuery } from "../api";
import { InviteStaffDialog } from "./invite-staff-dialog";
import { StaffTable } from "./staff-table";
import { useStaffChanges } from "./use-staff-changes";
import styles from "./staff-page.module.css";
import { LoadErrorAlert } from "../../../components/load-error-alert";

/** スタッフ管理 (admin): who can sign in, with which role; invite, change role, disable or enable. */
export function StaffPage() {
  return (
    <App component={false}>
      <StaffScreen />
    </App>
  );
}

function StaffScreen() {
  useDocumentTitle("スタッフ管理");
  const me = useAppSelector(selectUser);
  const { data, error, isLoading, isFetching, refetch } = useGetStaffQuery();
  const changes = useStaffChanges();
  const [inviting, setInviting] = useState(false);

  return (
    <Flex vertical gap={16}>
      <StaffHeader onInvite={() => setInviting(true)} />
      {error ? (
        <LoadErrorAlert
          title="スタッフ一覧を読み込めませんでした"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <StaffTable staff={data?.staff} loading={isLoading} meId={me?.id} changes={changes} />
      )}
      <InviteStaffDialog open={inviting} onClose={() => setInviting(false)} />
    </Flex>
  );
}

function StaffHeader({ onInvite }: { onInvite: () => void }) {
  return (
    <Card styles={{ body: { padding: "16px 20px" } }}>
      <Flex align="center" justify="space-between" gap={16} wrap>
        <div>
          <Typography.Title level={1} className={styles.title}>
            スタッフ管理
          </Typography.Title>
          <Typography.Text type="secondary">
            ログインできる人と、その権限を管理します。招待した人には、パスワード設定用のリンクがメールで届きます。
          </Typography.Text>
        </div>
        <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={onInvite}>
          スタッフを招待
        </Button>
      </Flex>
    </Card>
  );
}
