import type { LiveView } from "@pharmacy/contract/live/realtime";
import { Badge } from "antd";
import type { LiveStatus } from "../lib/live/live-connection";
import { useLiveStatus } from "../lib/live/use-live";

const TEXT: Record<LiveStatus, string> = {
  idle: "自動更新停止中",
  connecting: "接続中…",
  open: "自動更新中",
  reconnecting: "再接続中…",
};

const STATUS: Record<LiveStatus, "default" | "processing" | "success" | "warning"> = {
  idle: "default",
  connecting: "processing",
  open: "success",
  reconnecting: "warning",
};

/** Whether the screen (the day list; the 本部 table with `view="organization"`) is following live changes right now. */
export function LiveIndicator({ view = "staff" }: { view?: LiveView }) {
  const status = useLiveStatus(view);
  return <Badge status={STATUS[status]} text={TEXT[status]} role="status" aria-live="polite" />;
}
