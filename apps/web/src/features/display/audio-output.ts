import type { AnnouncementOutput } from "./announcer";
import { playCallChime } from "./chime";
import { japaneseVoice, loadVoices, speakText } from "./speech";

export interface AudioOutput extends AnnouncementOutput {
  /** Sound may play: the browser allowed it from the start (a kiosk browser's autoplay policy), or a tap unlocked it. */
  enabled(): boolean;
  /** Called from a tap: browsers let a page make sound only after a user gesture. */
  enable(): Promise<boolean>;
}

/** The display's loudspeaker: the chime through Web Audio, the sentence through speech synthesis; each skipped where missing. */
export function browserAudioOutput(): AudioOutput {
  const audio = typeof window.AudioContext === "function" ? new window.AudioContext() : null;
  const synth = "speechSynthesis" in window ? window.speechSynthesis : null;
  return {
    enabled: () => !audio || audio.state === "running",
    async enable() {
      // Safari (and older Chromium) also unlock speech only by a sentence started within the gesture.
      synth?.speak(new SpeechSynthesisUtterance(""));
      if (!audio) return true;
      await audio.resume().catch(() => undefined);
      return audio.state === "running";
    },
    chime: () => (audio?.state === "running" ? playCallChime(audio) : Promise.resolve()),
    async speak(text) {
      if (!synth) return;
      const voice = japaneseVoice(await loadVoices(synth));
      if (voice) await speakText(synth, (words) => new SpeechSynthesisUtterance(words), voice, text);
    },
  };
}
