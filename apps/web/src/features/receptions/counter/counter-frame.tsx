import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { CloseOutlined } from "@ant-design/icons";
import { Button, Modal } from "antd";
import type { ReactNode } from "react";
import styles from "./counter-flow.module.css";

interface CounterFrameProps {
  /** The reception number as shown. */
  number: string;
  /** Called by 「キャンセル」; without it (once confirmed) the button is not shown. */
  onCancel: (() => void) | undefined;
  children: ReactNode;
}

/** The counter's full-screen frame: the reception number and 「キャンセル」 above the current step. */
export function CounterFrame({ number, onCancel, children }: CounterFrameProps) {
  const { t, r } = usePatientText();
  return (
    <Modal
      open
      // The dialog's name for screen readers; the frame's own header shows the number on screen.
      title={t("counter.frameTitle", { number })}
      classNames={{ header: styles.visuallyHidden }}
      footer={null}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      width="100vw"
      rootClassName={styles.root}
    >
      <div className={styles.frame}>
        <header className={styles.header}>
          <div className={styles.headerNumber}>
            <span className={styles.headerCaption}>{r("counter.numberCaption")}</span>
            <span className={styles.headerValue} data-testid="counter-number">
              {number}
            </span>
          </div>
          {onCancel && (
            <Button size="large" icon={<CloseOutlined aria-hidden />} onClick={onCancel} className={styles.cancel}>
              {r("counter.cancel")}
            </Button>
          )}
        </header>
        <main className={styles.main}>{children}</main>
      </div>
    </Modal>
  );
}
