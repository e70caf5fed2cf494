import { PrinterOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Flex, Typography } from "antd";
import styles from "./security-page.module.css";

/** The ten single-use recovery codes, shown once: to print or copy and keep somewhere safe. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Card title="リカバリーコード" className={styles.recovery}>
      <Alert
        type="success"
        showIcon
        title="二段階認証を有効にしました"
        description="スマートフォンをなくしたときは、下のリカバリーコードで1回ずつログインできます。この画面を閉じると二度と表示されません。印刷するかコピーして、安全な場所に保管してください。"
        className={styles.gap}
      />
      <ol className={styles.codes} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Flex gap={12} wrap className={styles.noPrint}>
        <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
          印刷する
        </Button>
        <Typography.Text copyable={{ text: codes.join("\n"), tooltips: ["すべてコピー", "コピーしました"] }}>
          すべてコピー
        </Typography.Text>
        <Button type="primary" onClick={onDone}>
          保管しました
        </Button>
      </Flex>
    </Card>
  );
}
