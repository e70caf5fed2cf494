import { Modal, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { idlePhaseOf, type IdlePhase } from "./idle-phase";
import styles from "./kiosk-page.module.css";

const ACTIVITY_EVENTS = ["pointerdown", "keydown", "touchstart", "wheel"] as const;

/**
 * Watches a kiosk flow for a patient who walked away: after 90 s without a touch it asks
 * 「続けますか？」, and 30 s later calls `onExpired`. Mounted once per reception, so each flow starts
 * its count afresh.
 */
export function KioskIdleGuard({ onExpired }: { onExpired: () => void }) {
  const lastActivity = useRef(0);
  const [phase, setPhase] = useState<IdlePhase>({ kind: "active" });
  const expired = useRef(onExpired);
  useEffect(() => {
    expired.current = onExpired;
  });

  useEffect(() => {
    lastActivity.current = Date.now();
    const touched = () => {
      // Once the question is on screen only its button answers it; a stray touch does not.
      if (idlePhaseOf(lastActivity.current, Date.now()).kind === "active") lastActivity.current = Date.now();
    };
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, touched, { capture: true, passive: true });
    const timer = setInterval(() => {
      const next = idlePhaseOf(lastActivity.current, Date.now());
      if (next.kind === "expired") {
        clearInterval(timer);
        expired.current();
        return;
      }
      setPhase((previous) => (JSON.stringify(previous) === JSON.stringify(next) ? previous : next));
    }, 1000);
    return () => {
      clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, touched, { capture: true });
    };
  }, []);

  function stillHere() {
    lastActivity.current = Date.now();
    setPhase({ kind: "active" });
  }

  return (
    <Modal
      open={phase.kind === "asking"}
      title="続けますか？"
      centered
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      okText="続ける"
      okButtonProps={{ size: "large", className: styles.continue }}
      cancelButtonProps={{ style: { display: "none" } }}
      onOk={stillHere}
      zIndex={2000}
    >
      <Typography.Paragraph className={styles.askText}>
        {phase.kind === "asking" &&
          `しばらく操作がありませんでした。あと${phase.secondsLeft}秒で受付を中止して、最初の画面に戻ります。`}
      </Typography.Paragraph>
    </Modal>
  );
}
