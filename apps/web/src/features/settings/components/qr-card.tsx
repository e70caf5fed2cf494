import { ExportOutlined, PrinterOutlined } from "@ant-design/icons";
import { Button, Flex, QRCode } from "antd";
import { useState, type ReactNode } from "react";
import { createPortal, flushSync } from "react-dom";
import styles from "./qr-card.module.css";

interface QrCardProps {
  url: string;
  /** What the QR code opens, for the printed card and screen readers ("Web受付"). */
  title: string;
  branchName: string;
  /** The line printed under the title, telling the patient what to do. */
  printCaption: string;
  /** Extra buttons (copy, rotate) after 印刷 and 開く. */
  actions?: ReactNode;
}

/**
 * A QR code with its address, a print button that prints only this card (see the print rules in
 * qr-card.module.css) and a link to open the address.
 */
export function QrCard({ url, title, branchName, printCaption, actions }: QrCardProps) {
  const [printing, setPrinting] = useState(false);

  function handlePrint() {
    // The printable copy must be in the page before the print dialog takes its snapshot.
    flushSync(() => setPrinting(true));
    window.print();
    setPrinting(false);
  }

  return (
    <div className={styles.card}>
      <Flex gap={24} wrap align="center">
        <div className={styles.qr}>
          {/* the drawing itself is the image (role="img"): its name goes on it */}
          <QRCode type="svg" value={url} size={176} errorLevel="M" bordered={false} aria-label={`${title}のQRコード`} />
        </div>
        <Flex vertical gap={12} className={styles.side}>
          <div>
            <div className={styles.caption}>{title}のURL</div>
            <a href={url} target="_blank" rel="noreferrer" className={styles.url} data-testid="qr-url">
              {url}
            </a>
          </div>
          <Flex gap={8} wrap>
            {actions}
            <Button icon={<PrinterOutlined aria-hidden />} onClick={handlePrint}>
              QRコードを印刷
            </Button>
            <Button icon={<ExportOutlined aria-hidden />} href={url} target="_blank" rel="noreferrer">
              開いて確認
            </Button>
          </Flex>
        </Flex>
      </Flex>
      {printing &&
        createPortal(
          <div className={`${styles.printSheet} print-sheet-root`}>
            <div className={styles.printBranch}>{branchName}</div>
            <div className={styles.printTitle}>{title}</div>
            <div className={styles.printCaption}>{printCaption}</div>
            <QRCode
              type="svg"
              value={url}
              size={320}
              errorLevel="M"
              bordered={false}
              aria-label={`${title}のQRコード`}
            />
            <div className={styles.printUrl}>{url}</div>
          </div>,
          document.body,
        )}
    </div>
  );
}
