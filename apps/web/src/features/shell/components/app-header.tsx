import { LogoutOutlined, SettingOutlined } from "@ant-design/icons";
import { Link } from "@tanstack/react-router";
import { Button, Flex, Grid, Layout } from "antd";
import { ButtonLink } from "../../../components/button-link";
import styles from "./app-header.module.css";

const PRODUCT_NAME = "薬局受付";

interface AppHeaderProps {
  branchName: string;
  onSignOut: () => void;
  signingOut: boolean;
}

export function AppHeader({ branchName, onSignOut, signingOut }: AppHeaderProps) {
  const screens = Grid.useBreakpoint();
  // Phones keep the buttons but drop their words; aria-label keeps the names for screen readers.
  const compact = !screens.sm;

  return (
    <Layout.Header className={styles.header}>
      <Flex align="center" gap={12} className={styles.brand}>
        <Link to="/" className={styles.product}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{PRODUCT_NAME}</span>
        </Link>
        {branchName && (
          <span className={styles.branch} title={branchName}>
            {branchName}
          </span>
        )}
      </Flex>
      <Flex align="center" gap={8} className={styles.actions}>
        <ButtonLink
          to="/settings"
          ghost
          icon={<SettingOutlined aria-hidden />}
          aria-label={compact ? "設定" : undefined}
        >
          {compact ? null : "設定"}
        </ButtonLink>
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
