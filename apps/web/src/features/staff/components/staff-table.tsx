import { formatBusinessDateTime } from "@pharmacy/contract/calendar/date-labels";
import { ROLE_LABELS, type PersonRole } from "@pharmacy/contract/auth/roles";
import { STAFF_STATUS_LABELS, type StaffMember, type StaffStatus } from "@pharmacy/contract/auth/staff";
import { Button, Flex, Select, Table, Tag, Typography, type TableColumnsType } from "antd";
import { nameOf } from "../member-name";
import type { StaffChanges } from "./use-staff-changes";
import styles from "./staff-page.module.css";

const STATUS_COLORS: Record<StaffStatus, string> = { invited: "gold", active: "green", disabled: "default" };

interface StaffTableProps {
  staff: StaffMember[] | undefined;
  loading: boolean;
  /** The signed-in user, marked 「あなた」. */
  meId: string | undefined;
  changes: StaffChanges;
}

/** One row per person: name and e-mail, role, status, 2段階認証, last sign-in, and what can be done. */
export function StaffTable({ staff, loading, meId, changes }: StaffTableProps) {
  const { busyId } = changes;
  const columns: TableColumnsType<StaffMember> = [
    {
      title: "名前",
      key: "name",
      render: (_value, member) => (
        <Flex vertical>
          <span className={styles.name}>
            {nameOf(member)}
            {member.id === meId && <Tag className={styles.self}>あなた</Tag>}
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
          onChange={(role) => changes.confirmRole(member, role)}
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
            <Button loading={busyId === member.id} onClick={() => changes.confirmResend(member)}>
              招待を再送
            </Button>
            <Button danger disabled={busyId === member.id} onClick={() => changes.confirmCancel(member)}>
              招待を取り消す
            </Button>
          </Flex>
        ) : member.status === "disabled" ? (
          <Button loading={busyId === member.id} onClick={() => changes.confirmDisabled(member, false)}>
            有効にする
          </Button>
        ) : (
          <Button danger loading={busyId === member.id} onClick={() => changes.confirmDisabled(member, true)}>
            無効にする
          </Button>
        ),
    },
  ];

  return (
    <Table<StaffMember>
      rowKey="id"
      columns={columns}
      dataSource={staff}
      loading={loading}
      pagination={false}
      rowClassName={(member) => (member.status === "disabled" ? (styles.disabledRow ?? "") : "")}
      locale={{ emptyText: "スタッフはまだいません" }}
    />
  );
}
