/** What the chime needs of Web Audio: an AudioContext in the browser, a fake in tests. */
export type ChimeAudio = Pick<AudioContext, "currentTime" | "destination" | "createOscillator" | "createGain">;

/** 「ピンポーン」: a high then a lower bell-like tone (E5, C5), each fading out. Offsets and lengths in seconds. */
export const CALL_CHIME = [
  { offset: 0, frequency: 659.25, length: 0.7 },
  { offset: 0.55, frequency: 523.25, length: 1.3 },
] as const;

const PEAK_GAIN = 0.4;
const SILENT = 0.0001;

/** Plays the call chime from generated tones (no audio file); resolves when its last tone has ended. */
export function playCallChime(audio: ChimeAudio): Promise<void> {
  const start = audio.currentTime;
  return new Promise((resolve) => {
    CALL_CHIME.forEach(({ offset, frequency, length }, index) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      const at = start + offset;
      gain.gain.setValueAtTime(SILENT, at);
      gain.gain.exponentialRampToValueAtTime(PEAK_GAIN, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(SILENT, at + length);
      oscillator.connect(gain).connect(audio.destination);
      if (index === CALL_CHIME.length - 1) oscillator.onended = () => resolve();
      oscillator.start(at);
      oscillator.stop(at + length + 0.02);
    });
  });
}
