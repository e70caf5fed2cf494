/** What the announcer needs of `window.speechSynthesis` (a fake in tests). */
export interface SpeechLike {
  getVoices(): SpeechSynthesisVoice[];
  speak(utterance: SpeechSynthesisUtterance): void;
  addEventListener(type: "voiceschanged", listener: () => void): void;
  removeEventListener(type: "voiceschanged", listener: () => void): void;
}

export type MakeUtterance = (text: string) => SpeechSynthesisUtterance;

export const SPEECH_LANG = "ja-JP";
/** A little slower than the default: older patients, a noisy waiting room. */
export const SPEECH_RATE = 0.9;

/** A Japanese voice, ja-JP first; undefined when the device has none (then the chime is said alone). */
export function japaneseVoice(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice | undefined {
  const normalised = (voice: SpeechSynthesisVoice) => voice.lang.replace("_", "-").toLowerCase();
  return (
    voices.find((voice) => normalised(voice) === "ja-jp") ?? voices.find((voice) => normalised(voice).startsWith("ja"))
  );
}

/**
 * The device's voices. Chromium lists them only after its first `voiceschanged`, so an empty list is
 * waited on for a moment before it is believed.
 */
export function loadVoices(synth: SpeechLike, waitMs = 1500): Promise<SpeechSynthesisVoice[]> {
  const voices = synth.getVoices();
  if (voices.length > 0) return Promise.resolve(voices);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synth.removeEventListener("voiceschanged", done);
      resolve(synth.getVoices());
    };
    const timer = setTimeout(done, waitMs);
    synth.addEventListener("voiceschanged", done);
  });
}

/** Says the text with that voice; resolves when it has been said (or failed: a display never waits forever on speech). */
export function speakText(
  synth: SpeechLike,
  makeUtterance: MakeUtterance,
  voice: SpeechSynthesisVoice,
  text: string,
): Promise<void> {
  return new Promise((resolve) => {
    const utterance = makeUtterance(text);
    utterance.lang = SPEECH_LANG;
    utterance.voice = voice;
    utterance.rate = SPEECH_RATE;
    utterance.onend = () => resolve();
    utterance.onerror = () => resolve();
    synth.speak(utterance);
  });
}
