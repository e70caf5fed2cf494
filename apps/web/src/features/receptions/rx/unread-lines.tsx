import { Alert } from "antd";
import styles from "./rx.module.css";

/**
 * The code's lines the parser could not place (`unknownRecords`), shown as printed: the pharmacist must
 * know that the panel above is not the whole prescription, and read the rest from the paper.
 */
export function UnreadLines({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className={styles.unread}
      data-testid="rx-unread-lines"
      title={`読み取れなかった行が ${lines.length} 件あります`}
      description={
        <>
          <div className={styles.sub}>処方箋の原本で確認してください。</div>
          <pre className={styles.unreadLines}>{lines.join("\n")}</pre>
        </>
      }
    />
  );
}
