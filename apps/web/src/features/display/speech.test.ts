import { afterEach, describe, expect, it, vi } from "vitest";
import { SPEECH_LANG, japaneseVoice, loadVoices, speakText, type SpeechLike } from "./speech";

const voice = (lang: string, name = lang) => ({ lang, name }) as SpeechSynthesisVoice;

/** A speechSynthesis that lists `voices` (after `voiceschanged` when `late`) and records what it is asked to say. */
function fakeSynth(voices: SpeechSynthesisVoice[], { late = false } = {}) {
  let listed = late ? [] : voices;
  const listeners = new Set<() => void>();
  const spoken: SpeechSynthesisUtterance[] = [];
  const synth: SpeechLike = {
    getVoices: () => listed,
    speak: (utterance) => spoken.push(utterance),
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const announceVoices = () => {
    listed = voices;
    for (const listener of [...listeners]) listener();
  };
  return { synth, spoken, listeners, announceVoices };
}

/** A plain object in place of SpeechSynthesisUtterance (jsdom has none). */
const makeUtterance = (text: string) => ({ text }) as SpeechSynthesisUtterance;

afterEach(() => {
  vi.useRealTimers();
});

describe("the Japanese voice", () => {
  it("prefers ja-JP, accepts another ja voice, and finds none among others", () => {
    expect(japaneseVoice([voice("en-US"), voice("ja"), voice("ja-JP", "Kyoko")])?.name).toBe("Kyoko");
    expect(japaneseVoice([voice("en-US"), voice("ja_JP", "Android")])?.name).toBe("Android");
    expect(japaneseVoice([voice("en-US"), voice("zh-CN")])).toBeUndefined();
    expect(japaneseVoice([])).toBeUndefined();
  });
});

describe("loading the voices", () => {
  it("answers at once when the device lists them", async () => {
    const { synth } = fakeSynth([voice("ja-JP")]);
    await expect(loadVoices(synth)).resolves.toHaveLength(1);
  });

  it("waits for voiceschanged when the list starts empty (Chromium), and stops listening", async () => {
    const { synth, listeners, announceVoices } = fakeSynth([voice("ja-JP")], { late: true });
    const loading = loadVoices(synth);
    announceVoices();
    await expect(loading).resolves.toHaveLength(1);
    expect(listeners.size).toBe(0);
  });

  it("gives up after a moment on a device without voices", async () => {
    vi.useFakeTimers();
    const { synth, listeners } = fakeSynth([], { late: true });
    const loading = loadVoices(synth, 1500);
    await vi.advanceTimersByTimeAsync(1500);
    await expect(loading).resolves.toEqual([]);
    expect(listeners.size).toBe(0);
  });
});

describe("saying a sentence", () => {
  it("asks for it in Japanese with that voice, a little slowly, and ends when the speech ends", async () => {
    const { synth, spoken } = fakeSynth([]);
    const kyoko = voice("ja-JP", "Kyoko");
    let done = false;
    const saying = speakText(synth, makeUtterance, kyoko, "受付番号 12番の方").then(() => {
      done = true;
    });
    expect(spoken).toHaveLength(1);
    expect(spoken[0]).toMatchObject({ text: "受付番号 12番の方", lang: SPEECH_LANG, voice: kyoko });
    expect(spoken[0]!.rate).toBeLessThan(1);
    await Promise.resolve();
    expect(done).toBe(false);
    spoken[0]!.onend!({} as SpeechSynthesisEvent);
    await saying;
    expect(done).toBe(true);
  });

  it("ends too when the speech fails", async () => {
    const { synth, spoken } = fakeSynth([]);
    const saying = speakText(synth, makeUtterance, voice("ja-JP"), "12");
    spoken[0]!.onerror!({} as SpeechSynthesisErrorEvent);
    await expect(saying).resolves.toBeUndefined();
  });
});
