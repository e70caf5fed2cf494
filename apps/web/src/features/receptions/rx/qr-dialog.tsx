import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Modal, Typography } from "antd";
import { useMemo, useState } from "react";
import { qrSymbolsOf, type QrSymbol } from "./qr-symbols";
import { QrCanvas } from "./qr-canvas";
import { encodeShiftJis } from "./shift-jis";
import styles from "./rx.module.css";

/** The symbol's side on screen at most, in CSS pixels: large, yet the dialog fits a 1024×768 screen. */
const QR_MAX_PIXELS = 480;

interface QrDialogProps {
  /** The payload as the code held it (decoded text; drawn again as its Shift_JIS bytes). */
  payload: string;
  /** Whose prescription it is, so staff point the reader at the right one. */
  caption: string;
  open: boolean;
  onClose: () => void;
}

function symbolsOrError(payload: string): { symbols: QrSymbol[] } | { error: true } {
  try {
    return { symbols: qrSymbolsOf(encodeShiftJis(payload)) };
  } catch {
    return { error: true };
  }
}

/** 「QRを表示」: the prescription's 2D code drawn again, large and sharp, for the pharmacy's 2D reader. */
export function QrDialog({ payload, caption, open, onClose }: QrDialogProps) {
  const result = useMemo(() => (open ? symbolsOrError(payload) : undefined), [open, payload]);
  const [index, setIndex] = useState(0);
  const symbols = result && "symbols" in result ? result.symbols : [];
  const symbol = symbols[Math.min(index, symbols.length - 1)];
  const split = symbols.length > 1;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="処方箋のQRコード"
      centered
      width={600}
      destroyOnHidden
      afterClose={() => setIndex(0)}
      footer={
        <Button type="primary" onClick={onClose}>
          閉じる
        </Button>
      }
    >
      {result && "error" in result && <Alert type="error" showIcon title="QRコードを表示できませんでした" />}
      {symbol && (
        <Flex vertical align="center" gap={12}>
          <Typography.Text strong>{caption}</Typography.Text>
          <Typography.Text>
            {split
              ? "レセコンの2次元コードリーダーで、1枚目から順に読み取ってください（連結QRコード）。"
              : "レセコンの2次元コードリーダーを画面に向けて読み取ってください。"}
          </Typography.Text>
          <div className={styles.qrFrame}>
            <QrCanvas
              bitmap={symbol.bitmap}
              maxPixels={QR_MAX_PIXELS}
              label={split ? `処方箋のQRコード ${symbol.position + 1}枚目（全${symbol.count}枚）` : "処方箋のQRコード"}
            />
          </div>
          {split && (
            <Flex align="center" gap={16}>
              <Button
                icon={<LeftOutlined aria-hidden />}
                disabled={symbol.position === 0}
                onClick={() => setIndex(symbol.position - 1)}
              >
                前へ
              </Button>
              <Typography.Text
                strong
                data-testid="rx-qr-position"
              >{`${symbol.position + 1} / ${symbol.count}`}</Typography.Text>
              <Button
                icon={<RightOutlined aria-hidden />}
                iconPlacement="end"
                disabled={symbol.position === symbol.count - 1}
                onClick={() => setIndex(symbol.position + 1)}
              >
                次へ
              </Button>
            </Flex>
          )}
        </Flex>
      )}
    </Modal>
  );
}
