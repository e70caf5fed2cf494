import { callAnnouncement } from "@pharmacy/contract/display";
import { useState } from "react";
import { useLiveEvents } from "../../../lib/live/use-live";
import { createAnnouncer } from "../announcer";
import { browserAudioOutput } from "../audio-output";

/** Chimes and says every number called while the display is shown; `enable` is the one tap that lets the browser make sound. */
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
