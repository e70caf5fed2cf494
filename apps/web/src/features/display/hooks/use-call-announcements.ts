import { callAnnouncement } from "@pharmacy/contract/display/display";
import { useState } from "react";
import { useLiveEvents } from "../../../lib/live/use-live";
import { createAnnouncer } from "../announcer";
import { browserAudioOutput } from "../audio-output";

/**
 * Chimes and says each call as it is made: the `called` of the board frame, which only the call
 * itself sets on the server. A board that changes without one (a refetch, an edit, a hand-over) says
 * nothing. `enableSound` is the one tap that lets the browser make sound.
 */
export function useCallAnnouncements(): { soundEnabled: boolean; enableSound: () => Promise<void> } {
  const [output] = useState(browserAudioOutput);
  const [announcer] = useState(() => createAnnouncer(output));
  const [soundEnabled, setSoundEnabled] = useState(() => output.enabled());

  useLiveEvents((event) => {
    if (event.type === "board.updated" && event.called) void announcer.announce(callAnnouncement(event.called));
  }, "board");

  return {
    soundEnabled,
    enableSound: async () => setSoundEnabled(await output.enable()),
  };
}
