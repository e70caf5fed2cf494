import {
  ApartmentOutlined,
  AuditOutlined,
  BarChartOutlined,
  DesktopOutlined,
  DownOutlined,
  LockOutlined,
  LogoutOutlined,
  MedicineBoxOutlined,
  SettingOutlined,
  TabletOutlined,
  TeamOutlined,
  UserOutlined,
} from "@ant-design/icons";
import type { Me } from "@pharmacy/contract/auth/staff";
import { Link, useNavigate } from "@tanstack/react-router";
import { Button, Dropdown, Flex, Grid, Layout, type MenuProps } from "antd";
import { ButtonLink } from "../../../components/button-link";
import { ROLE_LABELS, isDeviceRole } from "@pharmacy/contract/auth/roles";
import { can } from "../../../lib/auth/roles";
import { BranchSwitcher } from "./branch-switcher";
import styles from "./app-header.module.css";

const PRODUCT_NAME = "薬局受付";

interface AppHeaderProps {
  branchName: string;
  user: Me | null;
  onSignOut: () => void;
  onBecomeDevice: (kind: "counter" | "display") => void;
  signingOut: boolean;
}

export function AppHeader({ branchName, user, onSignOut, onBecomeDevice, signingOut }: AppHeaderProps) {
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  // Phones keep the buttons but drop their words; aria-label keeps the names for screen readers.
  const compact = !screens.sm;
  const role = user?.role;

  // Only what this role may use is offered: no entry that would answer 403.
  const items: MenuProps["items"] = [
    can(role, "organization", user?.organizationAdmin) && {
      key: "organization",
      icon: <ApartmentOutlined />,
      label: "本部",
      onClick: () => void navigate({ to: "/organization" }),
    },
    can(role, "followUps") && {
      key: "follow-ups",
      icon: <MedicineBoxOutlined />,
      label: "フォローアップ",
      onClick: () => void navigate({ to: "/follow-ups" }),
    },
    can(role, "reports") && {
      key: "reports",
      icon: <BarChartOutlined />,
      label: "レポート",
      onClick: () => void navigate({ to: "/reports" }),
    },
    can(role, "staff") && {
      key: "staff",
      icon: <TeamOutlined />,
      label: "スタッフ管理",
      onClick: () => void navigate({ to: "/staff" }),
    },
    can(role, "devices") && {
      key: "devices",
      icon: <DesktopOutlined />,
      label: "端末管理",
      onClick: () => void navigate({ to: "/devices" }),
    },
    can(role, "audit") && {
      key: "audit",
      icon: <AuditOutlined />,
      label: "操作履歴（監査ログ）",
      onClick: () => void navigate({ to: "/audit" }),
    },
    can(role, "security") && {
      key: "security",
      icon: <LockOutlined />,
      label: "二段階認証",
      onClick: () => void navigate({ to: "/settings/security/" }),
    },
    can(role, "devices") && { type: "divider" as const, key: "device-divider" },
    can(role, "devices") && {
      key: "counter",
      icon: <TabletOutlined />,
      label: "この端末を受付端末にする",
      onClick: () => onBecomeDevice("counter"),
    },
    can(role, "devices") && {
      key: "display",
      icon: <DesktopOutlined />,
      label: "この端末を呼出画面にする",
      onClick: () => onBecomeDevice("display"),
    },
  ].filter((item) => item !== false);

  return (
    <Layout.Header className={styles.header}>
      <Flex align="center" gap={12} className={styles.brand}>
        <Link to="/" className={styles.product}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{PRODUCT_NAME}</span>
        </Link>
        {user && !isDeviceRole(user.role) ? (
          <BranchSwitcher currentBranchId={user.pharmacyId} currentName={branchName} />
        ) : (
          branchName && (
            <span className={styles.branch} title={branchName}>
              {branchName}
            </span>
          )
        )}
      </Flex>
      <Flex align="center" gap={8} className={styles.actions}>
        {can(role, "settings.read") && (
          <ButtonLink
            to="/settings"
            ghost
            icon={<SettingOutlined aria-hidden />}
            aria-label={compact ? "設定" : undefined}
          >
            {compact ? null : "設定"}
          </ButtonLink>
        )}
        {items.length > 0 && (
          <Dropdown menu={{ items }} trigger={["click"]} placement="bottomRight">
            <Button ghost icon={<UserOutlined aria-hidden />} aria-label={compact ? "メニュー" : undefined}>
              {compact ? null : (
                <span className={styles.userButton}>
                  <span className={styles.userName}>{user?.name || user?.email}</span>
                  {role && <span className={styles.roleLabel}>{ROLE_LABELS[role]}</span>}
                  <DownOutlined aria-hidden />
                </span>
              )}
            </Button>
          </Dropdown>
        )}
        <Button
          ghost
          icon={<LogoutOutlined aria-hidden />}
          onClick={onSignOut}
          loading={signingOut}
          aria-label={compact ? "ログアウト" : undefined}
        >
          {compact ? null : "ログアウト"}
        </Button>
      </Flex>
    </Layout.Header>
  );
}
