import { ReloadOutlined, UserAddOutlined } from "@ant-design/icons";
import { ROLE_LABELS } from "@pharmacy/contract/roles";
import {
  INVITATION_VALID_HOURS,
  STAFF_STATUS_LABELS,
  type StaffMember,
  type StaffStatus,
} from "@pharmacy/contract/staff";
import type { PersonRole } from "@pharmacy/contract/roles";
import { Alert, App, Button, Card, Flex, Select, Table, Tag, Typography, type TableColumnsType } from "antd";
import { useState } from "react";
import { useAppSelector } from "../../../lib/store-hooks";
import { apiErrorMessage } from "../../../lib/api-error";
import { formatBusinessDateTime } from "@pharmacy/contract/date-labels";
import { selectUser } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import {
  useCancelInvitationMutation,
  useGetStaffQuery,
  useResendInvitationMutation,
  useUpdateStaffMutation,
} from "../api";
import { InviteStaffDialog } from "./invite-staff-dialog";
import styles from "./staff-page.module.css";

const STATUS_COLORS: Record<StaffStatus, string> = { invited: "gold", active: "green", disabled: "default" };

/** How a sentence names a person: their name, or their e-mail while they have none. */
const nameOf = (member: StaffMember) => member.name || member.email;

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
  const [updateStaff] = useUpdateStaffMutation();
  const [resendInvitation] = useResendInvitationMutation();
  const [cancelInvitation] = useCancelInvitationMutation();
  const [inviting, setInviting] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const { modal, message } = App.useApp();

  async function change(member: StaffMember, call: () => Promise<unknown>, done: string) {
    setBusyId(member.id);
    try {
      await call();
      void message.success(done);
    } catch (caught) {
      // The last admin (409) and every other refusal read as one clear sentence.
      modal.error({ title: "変更できませんでした", content: apiErrorMessage(caught), centered: true });
    } finally {
      setBusyId(null);
    }
  }

  function confirmRole(member: StaffMember, role: PersonRole) {
    modal.confirm({
      title: `${nameOf(member)}さんの権限を「${ROLE_LABELS[role]}」に変更しますか？`,
      content:
        role === "admin"
          ? "管理者は、設定・スタッフ・端末・操作履歴を含むすべての操作ができます。"
          : "スタッフは受付の操作ができます。設定の変更・スタッフ管理・端末管理はできなくなります。",
      okText: "変更する",
      cancelText: "キャンセル",
      centered: true,
      onOk: () =>
        change(member, () => updateStaff({ id: member.id, changes: { role } }).unwrap(), "権限を変更しました"),
    });
  }

  function confirmDisabled(member: StaffMember, disabled: boolean) {
    modal.confirm({
      title: disabled ? `${nameOf(member)}さんを無効にしますか？` : `${nameOf(member)}さんを有効に戻しますか？`,
      content: disabled
        ? "無効にすると、この人はログインできなくなり、開いている画面もすぐにログアウトされます。"
        : "有効に戻すと、この人はまたログインできるようになります。",
      okText: disabled ? "無効にする" : "有効にする",
      okButtonProps: { danger: disabled },
      cancelText: "キャンセル",
      centered: true,
      onOk: () =>
        change(
          member,
          () => updateStaff({ id: member.id, changes: { disabled } }).unwrap(),
          disabled ? "無効にしました" : "有効にしました",
        ),
    });
  }

  function confirmResend(member: StaffMember) {
    modal.confirm({
      title: `${nameOf(member)}さんに招待メールを再送しますか？`,
      content: `${member.email} 宛てに、新しいリンクを送ります（${INVITATION_VALID_HOURS}時間有効）。前に送ったリンクは使えなくなります。`,
      okText: "再送する",
      cancelText: "キャンセル",
      centered: true,
      onOk: () => change(member, () => resendInvitation(member.id).unwrap(), "招待メールを再送しました"),
    });
  }

  function confirmCancel(member: StaffMember) {
    modal.confirm({
      title: `${nameOf(member)}さんへの招待を取り消しますか？`,
      content: "送ったリンクは使えなくなり、この人は一覧から消えます。あとで招待し直すこともできます。",
      okText: "取り消す",
      okButtonProps: { danger: true },
      cancelText: "キャンセル",
      centered: true,
      onOk: () => change(member, () => cancelInvitation(member.id).unwrap(), "招待を取り消しました"),
    });
  }

  const columns: TableColumnsType<StaffMember> = [
    {
      title: "名前",
      key: "name",
      render: (_value, member) => (
        <Flex vertical>
          <span className={styles.name}>
            {nameOf(member)}
            {member.id === me?.id && <Tag className={styles.self}>あなた</Tag>}
          </span>
          <Typography.Text type="secondary" className={styles.email}>
            {member.email}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: "権限",
      key: "role",
      width: 150,
      render: (_value, member) => (
        <Select<PersonRole>
          aria-label={`${nameOf(member)}さんの権限`}
          value={member.role}
          disabled={member.status === "disabled" || busyId === member.id}
          options={(["admin", "staff"] as const).map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          onChange={(role) => confirmRole(member, role)}
          className={styles.roleSelect}
        />
      ),
    },
    {
      title: "状態",
      key: "status",
      width: 90,
      render: (_value, member) => <Tag color={STATUS_COLORS[member.status]}>{STAFF_STATUS_LABELS[member.status]}</Tag>,
    },
    {
      title: "2段階認証",
      key: "mfa",
      width: 110,
      render: (_value, member) =>
        member.mfaEnabled ? (
          <Tag color="blue">設定済み</Tag>
        ) : (
          <Typography.Text type="secondary">未設定</Typography.Text>
        ),
    },
    {
      title: "最終ログイン",
      key: "lastSignInAt",
      width: 200,
      render: (_value, member) =>
        member.lastSignInAt ? (
          <span className={styles.nowrap}>{formatBusinessDateTime(member.lastSignInAt)}</span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: "操作",
      key: "actions",
      width: 130,
      render: (_value, member) =>
        member.status === "invited" ? (
          <Flex gap={8} wrap>
            <Button loading={busyId === member.id} onClick={() => confirmResend(member)}>
              招待を再送
            </Button>
            <Button danger disabled={busyId === member.id} onClick={() => confirmCancel(member)}>
              招待を取り消す
            </Button>
          </Flex>
        ) : member.status === "disabled" ? (
          <Button loading={busyId === member.id} onClick={() => confirmDisabled(member, false)}>
            有効にする
          </Button>
        ) : (
          <Button danger loading={busyId === member.id} onClick={() => confirmDisabled(member, true)}>
            無効にする
          </Button>
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
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
          <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setInviting(true)}>
            スタッフを招待
          </Button>
        </Flex>
      </Card>
      {error ? (
        <Alert
          type="error"
          showIcon
          title="スタッフ一覧を読み込めませんでした"
          description={apiErrorMessage(error)}
          action={
            <Button icon={<ReloadOutlined aria-hidden />} loading={isFetching} onClick={() => void refetch()}>
              再読み込み
            </Button>
          }
        />
      ) : (
        <Table<StaffMember>
          rowKey="id"
          columns={columns}
          dataSource={data?.staff}
          loading={isLoading}
          pagination={false}
          rowClassName={(member) => (member.status === "disabled" ? (styles.disabledRow ?? "") : "")}
          locale={{ emptyText: "スタッフはまだいません" }}
        />
      )}
      <InviteStaffDialog open={inviting} onClose={() => setInviting(false)} />
    </Flex>
  );
}
