import { MenuOutlined } from "@ant-design/icons";
import { Link, useLocation } from "@tanstack/react-router";
import { App, Button, Drawer, Flex, Grid, Menu, type MenuProps } from "antd";
import { useState, type ReactNode } from "react";
import { SETTINGS_PAGES, SETTINGS_TITLE } from "../pages";
import styles from "./settings-layout.module.css";

const HOME_KEY = "home";

const menuItems: MenuProps["items"] = [
  {
    key: HOME_KEY,
    label: (
      <Link to="/settings/" activeOptions={{ exact: true }}>
        {`${SETTINGS_TITLE}トップ`}
      </Link>
    ),
  },
  ...SETTINGS_PAGES.map((page) => ({ key: page.key, label: <Link to={page.to}>{page.title}</Link> })),
];

function selectedKeyOf(pathname: string): string {
  const segment = pathname.replace(/^\/settings\/?/, "").split("/")[0];
  return SETTINGS_PAGES.find((page) => page.key === segment)?.key ?? HOME_KEY;
}

/**
 * Side menu on the tablet and PC; on a phone the same menu opens from a button. antd's App gives the
 * pages themed `message` and `modal` (App.useApp).
 */
export function SettingsLayout({ children }: { children: ReactNode }) {
  const screens = Grid.useBreakpoint();
  const pathname = useLocation({ select: (location) => location.pathname });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const selectedKey = selectedKeyOf(pathname);
  // Before the first measurement assume the tablet, the main device.
  const sideMenu = screens.md ?? true;

  const menu = (
    <Menu
      mode="inline"
      items={menuItems}
      selectedKeys={[selectedKey]}
      onClick={() => setDrawerOpen(false)}
      className={styles.menu}
    />
  );

  return (
    <App component={false} message={{ top: 76 }}>
      <Flex gap={24} align="flex-start" className={styles.layout}>
        {sideMenu ? (
          <nav aria-label="設定メニュー" className={styles.side}>
            {menu}
          </nav>
        ) : (
          <Drawer
            title="設定メニュー"
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={280}
          >
            <nav aria-label="設定メニュー">{menu}</nav>
          </Drawer>
        )}
        <div className={styles.main}>
          {!sideMenu && (
            <Button
              icon={<MenuOutlined aria-hidden />}
              onClick={() => setDrawerOpen(true)}
              className={styles.menuButton}
            >
              設定メニュー
            </Button>
          )}
          {children}
        </div>
      </Flex>
    </App>
  );
}
