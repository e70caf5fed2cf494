import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.js";

/** The patient's questionnaire calls are limited per address like the other public calls (reads and sends apart). */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_RATE_LIMIT_PER_MINUTE: "3", PUBLIC_SEND_LIMIT_PER_MINUTE: "2" });
});
afterAll(() => server.close());

describe("the follow-up page's rate limits", () => {
  it("answer 429 past the reads and the answers allowed per minute", async () => {
    const path = `/api/public/follow_up/${"t".repeat(32)}`;
    const reads = [];
    for (let i = 0; i < 4; i++) reads.push((await server.api.get(path)).status);
    expect(reads).toEqual([404, 404, 404, 429]);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await server.api.post(path, { answers: {} })).status);
    expect(answers).toEqual([404, 404, 429]);
  });
});
