import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { samplePrescriptionPayload } from "@pharmacy/test-support/jahis-payloads";
import { prescriptionPhoto } from "@pharmacy/test-support/prescription-photos";
import { CodeReader } from "../src/features/files/code-reader.js";

/** The nice value of each thread of this process (Linux /proc: field 19 of a task's stat). */
function niceValues(): Map<string, number> {
  const values = new Map<string, number>();
  for (const thread of readdirSync("/proc/self/task")) {
    const stat = readFileSync(`/proc/self/task/${thread}/stat`, "utf8");
    values.set(thread, Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]));
  }
  return values;
}

const reader = new CodeReader();
afterAll(() => reader.close());

describe("the code reader", () => {
  it("reads a photo's code in a worker thread that yields the cores to the thread serving calls", async () => {
    const before = niceValues();
    const reading = await reader.read(
      await prescriptionPhoto(samplePrescriptionPayload({ issuedOn: "20261120" })),
      "image/jpeg",
    );
    expect(reading.symbols).toHaveLength(1);
    const started = [...niceValues()].filter(([thread]) => !before.has(thread));
    expect(started.map(([, nice]) => nice)).toContain(10);
    const self = readlinkSync("/proc/thread-self").split("/").pop()!;
    expect(niceValues().get(self)).toBe(0);
  });
});
