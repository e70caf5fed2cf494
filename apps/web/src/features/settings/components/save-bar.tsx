import { ExclamationCircleFilled } from "@ant-design/icons";
import { Button, Flex } from "antd";
import { UNSAVED_CHANGES_MESSAGE } from "../labels";
import styles from "./save-bar.module.css";

interface SaveBarProps {
  dirty: boolean;
  saving: boolean;
  /** Put the last saved values back. */
  onReset: () => void;
  /** Without it the button submits the surrounding form. */
  onSave?: () => void;
}

/** With unsaved changes it stays at the bottom of the screen while the form scrolls, so 保存 is one tap away. */
export function SaveBar({ dirty, saving, onReset, onSave }: SaveBarProps) {
  return (
    <div className={dirty ? `${styles.bar} ${styles.sticky}` : styles.bar}>
      <Flex align="center" justify="space-between" gap={12} wrap>
        <span className={styles.status} role="status">
          {dirty && (
            <>
              <ExclamationCircleFilled aria-hidden className={styles.icon} /> {UNSAVED_CHANGES_MESSAGE}
            </>
          )}
        </span>
        <Flex gap={12} className={styles.buttons}>
          <Button onClick={onReset} disabled={!dirty || saving}>
            元に戻す
          </Button>
          <Button
            type="primary"
            htmlType={onSave ? "button" : "submit"}
            onClick={onSave}
            loading={saving}
            className={styles.save}
          >
            保存する
          </Button>
        </Flex>
      </Flex>
    </div>
  );
}
