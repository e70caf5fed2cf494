import { SoundOutlined } from "@ant-design/icons";
import { Button } from "antd";
import styles from "./display-page.module.css";

/** Over the board until someone taps once: browsers keep a page silent until it has been touched. */
export function SoundGate({ onEnable }: { onEnable: () => void }) {
  return (
    <div className={styles.soundGate} role="dialog" aria-modal="true" aria-labelledby="sound-gate-title">
      <div className={styles.soundGateBox}>
        <h2 id="sound-gate-title" className={styles.soundGateTitle}>
          呼び出しの音声を流すには
        </h2>
        <p className={styles.soundGateText}>
          スタッフの方は、下のボタンを一度押してください。呼び出し音と番号の読み上げが流れるようになります。
        </p>
        <Button
          type="primary"
          size="large"
          icon={<SoundOutlined aria-hidden />}
          className={styles.soundGateButton}
          onClick={onEnable}
        >
          音声を有効にする
        </Button>
      </div>
    </div>
  );
}
