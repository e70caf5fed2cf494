import { RightOutlined } from "@ant-design/icons";
import { Link } from "@tanstack/react-router";
import { Card, Flex, Typography } from "antd";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import { SETTINGS_PAGES, SETTINGS_TITLE } from "../pages";
import styles from "./settings-home.module.css";

export function SettingsHome() {
  useDocumentTitle(SETTINGS_TITLE);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {SETTINGS_TITLE}
      </Typography.Title>
      <ul className={styles.list}>
        {SETTINGS_PAGES.map((page) => (
          <li key={page.key}>
            <Link to={page.to} className={styles.link}>
              <Card hoverable size="small" className={styles.card}>
                <Flex align="center" justify="space-between" gap={12}>
                  <div>
                    <div className={styles.title}>{page.title}</div>
                    <div className={styles.description}>{page.description}</div>
                  </div>
                  <RightOutlined aria-hidden />
                </Flex>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
