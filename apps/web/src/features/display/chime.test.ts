import { describe, expect, it } from "vitest";
import { CALL_CHIME, playCallChime, type ChimeAudio } from "./chime";

/** Records what the chime asks of Web Audio. */
function fakeAudio() {
  const oscillators: {
    frequency: { value: number };
    type: string;
    onended: (() => void) | null;
    startedAt?: number;
    stoppedAt?: number;
  }[] = [];
  const ramps: [string, number, number][] = [];
  const destination = {};
  let connectedTo: unknown[] = [];
  const audio = {
    currentTime: 10,
    destination,
    createOscillator() {
      const oscillator = {
        type: "",
        frequency: { value: 0 },
        onended: null as (() => void) | null,
        startedAt: undefined as number | undefined,
        stoppedAt: undefined as number | undefined,
        connect: (gain: { connect: (to: unknown) => unknown }) => gain,
        start(at: number) {
          this.startedAt = at;
        },
        stop(at: number) {
          this.stoppedAt = at;
        },
      };
      oscillators.push(oscillator);
      return oscillator;
    },
    createGain() {
      return {
        gain: {
          setValueAtTime: (value: number, at: number) => ramps.push(["set", value, at]),
          exponentialRampToValueAtTime: (value: number, at: number) => ramps.push(["ramp", value, at]),
        },
        connect: (to: unknown) => {
          connectedTo = [...connectedTo, to];
          return to;
        },
      };
    },
  };
  return { audio: audio as unknown as ChimeAudio, oscillators, ramps, destination, connected: () => connectedTo };
}

describe("the call chime", () => {
  it("plays two generated tones, high then low, from now, into the loudspeaker", () => {
    const { audio, oscillators, destination, connected } = fakeAudio();
    void playCallChime(audio);
    expect(oscillators.map((oscillator) => oscillator.frequency.value)).toEqual(
      CALL_CHIME.map((note) => note.frequency),
    );
    expect(oscillators[0]!.frequency.value).toBeGreaterThan(oscillators[1]!.frequency.value);
    expect(oscillators.map((oscillator) => oscillator.startedAt)).toEqual(CALL_CHIME.map((note) => 10 + note.offset));
    expect(connected()).toEqual([destination, destination]);
  });

  it("fades each tone out rather than clicking off", () => {
    const { audio, ramps } = fakeAudio();
    void playCallChime(audio);
    const lastRamp = ramps.filter(([kind]) => kind === "ramp").at(-1)!;
    expect(lastRamp[1]).toBeLessThan(0.001);
  });

  it("ends when its last tone has ended", async () => {
    const { audio, oscillators } = fakeAudio();
    let ended = false;
    const chime = playCallChime(audio).then(() => {
      ended = true;
    });
    oscillators[0]!.onended?.();
    await Promise.resolve();
    expect(ended).toBe(false);
    oscillators.at(-1)!.onended!();
    await chime;
    expect(ended).toBe(true);
  });
});
