let context: AudioContext | null = null;

function chime(audio: AudioContext): void {
  const start = audio.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1175],
  ] as const) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.3);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.32);
  }
}

/**
 * A short two-tone chime for a Web reception arriving live. Browsers only let a page make sound once
 * the user has touched it; before that (or without Web Audio) it stays silent.
 */
export function playArrivalChime(): void {
  try {
    if (typeof window.AudioContext !== "function") return;
    context ??= new window.AudioContext();
    const audio = context;
    if (audio.state === "running") {
      chime(audio);
      return;
    }
    audio
      .resume()
      .then(() => {
        if (audio.state === "running") chime(audio);
      })
      .catch(() => undefined);
  } catch {
    // sound is a nicety: the notification and the highlighted row carry the news
  }
}
