import fc from "fast-check";
import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { RequestDurations } from "../src/ops/request-durations.js";

const config = {
  name: "http_request_duration_seconds",
  help: "Time to answer a request.",
  labelNames: ["method", "route", "status_code"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
};

const observation = fc.record({
  method: fc.constantFrom("GET", "POST", "PATCH"),
  route: fc.constantFrom("/api/reception", "/api/display/board", "unmatched", 'with "quotes" \\ and\nnewline'),
  statusCode: fc.constantFrom(200, 201, 401, 404, 500),
  seconds: fc.oneof(fc.double({ min: 0, max: 12, noNaN: true }), fc.constantFrom(0, 0.005, 0.01, 1, 5)),
});

function recorded(observations: Array<{ method: string; route: string; statusCode: number; seconds: number }>) {
  const ours = new Registry();
  const theirs = new Registry();
  const durations = new RequestDurations({ ...config, labelNames: [...config.labelNames], registers: [ours] });
  const histogram = new Histogram({ ...config, registers: [theirs] });
  for (const { method, route, statusCode, seconds } of observations) {
    durations.record(method, route, statusCode, seconds);
    histogram.observe({ method, route, status_code: statusCode }, seconds);
  }
  return { ours, theirs, durations, histogram };
}

/** Series in a fixed order: prom-client lists label sets in the order it first saw them, ours by route. */
const sortedLines = (text: string) => text.split("\n").sort();

describe("request durations", () => {
  it("expose exactly what prom-client's own Histogram exposes for the same observations", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const { ours, theirs } = recorded(observations);
        expect(sortedLines(await ours.metrics())).toEqual(sortedLines(await theirs.metrics()));
      }),
    );
  });

  it("answer as JSON in prom-client's shape, and start again from nothing when reset", async () => {
    const { ours, theirs, durations } = recorded([
      { method: "GET", route: "/api/reception", statusCode: 200, seconds: 0.003 },
      { method: "GET", route: "/api/reception", statusCode: 200, seconds: 0.7 },
    ]);
    // prom-client adds an empty exemplar to each value: we keep none
    const withoutExemplars = JSON.parse(
      JSON.stringify(await theirs.getMetricsAsJSON(), (key, value: unknown) =>
        key === "exemplar" ? undefined : value,
      ),
    );
    expect(await ours.getMetricsAsJSON()).toEqual(withoutExemplars);
    durations.reset();
    expect(await ours.metrics()).toBe(
      "# HELP http_request_duration_seconds Time to answer a request.\n# TYPE http_request_duration_seconds histogram\n",
    );
  });
});
