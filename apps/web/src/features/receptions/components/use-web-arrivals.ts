import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import { App } from "antd";
import { useCallback, useState } from "react";
import { useAppSelector } from "../../../lib/store/store-hooks";
import type { LiveEvent } from "../../../lib/live/live-connection";
import { useLiveEvents } from "../../../lib/live/use-live";
import { selectWsSessionId } from "../../../lib/auth/session";
import { playArrivalChime } from "../arrival-chime";
import { isOwnEvent, isReceptionEvent } from "../reception-list";

/**
 * Web receptions of the listed `date` that arrived live (from another session) and nobody opened yet:
 * each is announced with a notification and the chime, and highlighted in the list until `markSeen`.
 */
export function useWebArrivals(date: string) {
  const { notification } = App.useApp();
  const ownSessionId = useAppSelector(selectWsSessionId);
  const [arrivals, setArrivals] = useState<ReadonlySet<string>>(() => new Set());

  const handleLiveEvent = useCallback(
    (event: LiveEvent) => {
      if (!isReceptionEvent(event)) return;
      const { reception } = event;
      if (event.type !== "reception.created" || reception.channel !== "Web" || reception.receptionDate !== date) return;
      if (isOwnEvent(event, ownSessionId)) return;
      setArrivals((previous) => new Set(previous).add(reception.id));
      notification.info({
        key: `arrival-${reception.id}`,
        title: "Web受付が届きました",
        description: `受付番号 ${formatReceptionNumber(reception.receptionNumber, reception.partitionNumber)}`,
        placement: "topRight",
        duration: 8,
      });
      playArrivalChime();
    },
    [date, notification, ownSessionId],
  );
  useLiveEvents(handleLiveEvent);

  const markSeen = useCallback((id: string) => {
    setArrivals((previous) => {
      if (!previous.has(id)) return previous;
      const next = new Set(previous);
      next.delete(id);
      return next;
    });
  }, []);

  return { arrivals, markSeen };
}
