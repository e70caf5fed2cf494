import { callAnnouncement, type DisplayBoard } from "@pharmacy/contract/display";
import { useEffect, useRef, useState } from "react";
import { createAnnouncer } from "../announcer";
import { browserAudioOutput } from "../audio-output";
import { callsOn, newCalls } from "../new-calls";

/**
 * Chimes and says every call that reaches the board while the display is shown: the call frame's
 * board carries it, and the board fetched after an outage the calls made meanwhile. `enableSound` is
 * the one tap that lets the browser make sound.
 */
export function useCallAnnouncements(board: DisplayBoard | undefined): { soundEnabled: boolean; enableSound: () => Promise<void> } {
  const [output] = useState(browserAudioOutput);
  const [announcer] = useState(() => createAnnouncer(output));
  const [soundEnabled, setSoundEnabled] = useState(() => output.enabled());
  const shownCalls = useRef<Set<string>>(undefined);

  useEffect(() => {
    if (!board) return;
    for (const number of newCalls(shownCalls.current, board)) void announcer.announce(callAnnouncement(number));
    shownCalls.current = callsOn(board);
  }, [board, announcer]);

  return {
    soundEnabled,
    enableSound: async () => setSoundEnabled(await output.enable()),
  };
}
