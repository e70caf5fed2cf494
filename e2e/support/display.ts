import type { Page } from "playwright-core";
import { screenshot } from "./browser.js";
import { confirmFromHeaderMenu } from "./kiosk.js";

declare global {
  interface Window {
    /** What the display played, in order: "tone" for each tone of a chime, then each sentence it asked to say. */
    __sounds?: string[];
  }
}

/**
 * An init script for the display's context, making two things of the browser observable and real:
 * - the autoplay policy of a TV's browser: sound stays off (AudioContext "suspended") until a tap
 *   (Playwright's Chromium lets every page play sound, so the policy is put back here);
 * - speech: one Japanese voice that records the sentences it is asked to say (headless Chromium has
 *   no voice, and the test must hear the sentence rather than a loudspeaker).
 */
export function recordSound(): void {
  const sounds: string[] = [];
  window.__sounds = sounds;
  const RealAudioContext = window.AudioContext;
  class TvAudioContext extends RealAudioContext {
    private allowed = false;
    override get state(): AudioContextState {
      return this.allowed ? super.state : "suspended";
    }
    override async resume(): Promise<void> {
      if (navigator.userActivation.isActive) this.allowed = true;
      return super.resume();
    }
    override createOscillator(): OscillatorNode {
      sounds.push("tone");
      return super.createOscillator();
    }
  }
  window.AudioContext = TvAudioContext;

  class RecordedUtterance {
    lang = "";
    voice: unknown = null;
    rate = 1;
    onend: ((event: unknown) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    constructor(readonly text: string) {}
  }
  const voices = [{ lang: "ja-JP", name: "テスト音声", voiceURI: "test", default: true, localService: true }];
  const synth = {
    getVoices: () => voices,
    speak(utterance: RecordedUtterance) {
      if (utterance.text) sounds.push(utterance.text);
      setTimeout(() => utterance.onend?.({}), 100);
    },
    cancel: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  Object.defineProperty(window, "SpeechSynthesisUtterance", { value: RecordedUtterance, configurable: true });
}

/** Opens the header menu, turns this browser into the waiting room's calling display, and gives it the one tap that lets it sound. */
export async function becomeCallingDisplay(page: Page, { screenshotGate = false } = {}): Promise<void> {
  await confirmFromHeaderMenu(page, "この端末を呼出画面にする", "呼出画面にする");
  const enable = page.getByRole("button", { name: "音声を有効にする" });
  if (screenshotGate) {
    await enable.waitFor();
    await screenshot(page, "display-sound-gate", { fullPage: false });
  }
  await enable.click().catch(async (error: unknown) => {
    const seen = (await page.locator("body").innerText()).slice(0, 300);
    throw new Error(`no 「音声を有効にする」 at ${page.url()}; the page shows: ${seen}`, { cause: error });
  });
  await enable.waitFor({ state: "detached" });
}

/** Height in CSS pixels of the ink of the element's text, as the browser draws it in the element's font. */
export function inkHeight(element: Element): number {
  const style = getComputedStyle(element);
  const context = document.createElement("canvas").getContext("2d")!;
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const metrics = context.measureText(element.textContent ?? "");
  return metrics.actualBoundingBoxAscent + metrics.actualBoundingBoxDescent;
}
