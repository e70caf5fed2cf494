import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FollowUpTemplatesSchema,
  SHIPPED_FOLLOW_UP_TEMPLATES,
} from "@pharmacy/contract/follow-ups/follow-up-templates";
import {
  CareContactInputSchema,
  PlanFollowUpSchema,
  UpdateFollowUpSchema,
} from "@pharmacy/contract/follow-ups/follow-ups";
import { FollowUpAnswerInputSchema } from "@pharmacy/contract/follow-ups/patient-page";
import { fuzzCall, type FuzzCall, type FuzzRequest, type FuzzTarget } from "@pharmacy/test-support/api-fuzz";
import { badBody, badPathSegment, badQuery } from "@pharmacy/test-support/bad-bodies";
import type { z } from "zod";
import { makeAccount, makeReception, uniqueEmail, type TestAccount } from "./helpers/factories.js";
import { at, LINK_BASE, mailedFollowUpToken } from "./helpers/follow-ups.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

/** Generated bad requests per public call (per staff call a third of them); `FUZZ_RUNS_PER_CALL` sends more. */
const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS_PER_CALL ?? 1000);

let server: TestServer;
let account: TestAccount;
let target: FuzzTarget;
let token: string;
let receptionId: string;
let followUpId: string;

const GOOD_ANSWERS = { condition: "better", sideEffects: [], missedDoses: "none", leftover: "no", callRequest: "no" };

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_BASE_URL: LINK_BASE, FOLLOW_UP_SWEEP_SECONDS: "0.05" });
  account = await makeAccount(server);
  await at(server, "2026-11-20T10:00:00", [account]);
  receptionId = (await makeReception(server, account)).id;
  const email = uniqueEmail("patient");
  await server.api.request("PUT", `/api/reception/${receptionId}/care_contact`, {
    body: { email, consent: true },
    token: account.idToken,
  });
  followUpId = (
    await server.api.post(
      `/api/reception/${receptionId}/follow_ups`,
      { dueOn: "2026-11-20", template: "general", channel: "email" },
      account.idToken,
    )
  ).body.id;
  token = await mailedFollowUpToken(server, email);
  target = { baseUrl: server.baseUrl, clientIp: server.api.clientIp, idToken: account.idToken } as FuzzTarget;
});
afterAll(() => server.close());

/** Everything a bad request could change: the follow-ups, contacts, templates and the patient's page. */
async function everything(): Promise<string> {
  const { db } = server.database;
  const [followUps, contacts, templates] = await Promise.all([
    db.selectFrom("follow_ups").selectAll().orderBy("id").execute(),
    db.selectFrom("care_contacts").selectAll().orderBy("reception_id").execute(),
    db.selectFrom("follow_up_templates").selectAll().execute(),
  ]);
  return JSON.stringify({
    followUps,
    contacts,
    templates,
    page: (await server.api.get(`/api/public/follow_up/${token}`)).body,
  });
}

const jsonBodies = (
  method: string,
  path: () => string,
  signedIn: boolean,
  valid: unknown,
  schema: z.ZodType,
): FuzzCall => ({
  name: `${method} ${path()} (bodies)`,
  requests: () =>
    badBody(valid, schema).map((body): FuzzRequest => ({
      method,
      path: path(),
      body,
      contentType: "application/json",
      signedIn,
    })),
});

/** A bad token in the path; a POST carries good answers, so only the token is wrong. */
const badTokens = (method: string): FuzzCall => ({
  name: `${method} /api/public/follow_up/{token} (tokens)`,
  requests: () =>
    badPathSegment.map((segment): FuzzRequest => ({
      method,
      path: `/api/public/follow_up/${segment}`,
      ...(method === "POST" && { body: JSON.stringify({ answers: GOOD_ANSWERS }), contentType: "application/json" }),
      signedIn: false,
    })),
});

const badQueries = (path: string): FuzzCall => ({
  name: `GET ${path} (queries)`,
  requests: () =>
    badQuery
      .filter((query) => query.length > 0)
      .map((query): FuzzRequest => ({ method: "GET", path: `${path}?${query}`, signedIn: true })),
});

const publicCalls = (): FuzzCall[] => [
  jsonBodies(
    "POST",
    () => `/api/public/follow_up/${token}`,
    false,
    { answers: GOOD_ANSWERS },
    FollowUpAnswerInputSchema,
  ),
  badTokens("GET"),
  badTokens("POST"),
];
const staffCalls = (): FuzzCall[] => [
  jsonBodies(
    "PUT",
    () => `/api/reception/${receptionId}/care_contact`,
    true,
    { email: "a@example.jp", consent: true },
    CareContactInputSchema,
  ),
  jsonBodies(
    "POST",
    () => `/api/reception/${receptionId}/follow_ups`,
    true,
    { daysAfter: 7, template: "general", channel: "phone" },
    PlanFollowUpSchema,
  ),
  jsonBodies(
    "PATCH",
    () => `/api/follow_ups/${followUpId}`,
    true,
    { status: "closed", note: "確認しました" },
    UpdateFollowUpSchema,
  ),
  jsonBodies(
    "PUT",
    () => "/api/follow_up_templates",
    true,
    { templates: SHIPPED_FOLLOW_UP_TEMPLATES },
    FollowUpTemplatesSchema,
  ),
  badQueries("/api/follow_ups"),
  badQueries("/api/next_dispensings"),
];

const PUBLIC_NAMES = [
  "POST /api/public/follow_up/{token}: bodies",
  "GET /api/public/follow_up/{token}: tokens",
  "POST /api/public/follow_up/{token}: tokens",
];
const STAFF_NAMES = [
  "PUT care_contact",
  "POST follow_ups",
  "PATCH follow_ups/{id}",
  "PUT follow_up_templates",
  "GET follow_ups: queries",
  "GET next_dispensings: queries",
];

describe.each(PUBLIC_NAMES.map((name, index) => [name, index] as const))("%s", (_name, index) => {
  it(`answers ${RUNS_PER_CALL} generated bad bodies or tokens with a 4xx in the error shape, changing nothing`, async () => {
    const before = await everything();
    await fuzzCall(target, publicCalls()[index]!, RUNS_PER_CALL, 11);
    expect(await everything()).toBe(before);
  });
});

describe.each(STAFF_NAMES.map((name, index) => [name, index] as const))("%s", (_name, index) => {
  it(`answers ${Math.ceil(RUNS_PER_CALL / 3)} generated bad bodies or queries with a 4xx, changing nothing`, async () => {
    const before = await everything();
    await fuzzCall(target, staffCalls()[index]!, Math.ceil(RUNS_PER_CALL / 3), 13);
    expect(await everything()).toBe(before);
  });
});

describe("after the fuzzing", () => {
  it("the page still takes the real answers, once", async () => {
    expect((await server.api.post(`/api/public/follow_up/${token}`, { answers: GOOD_ANSWERS })).status).toBe(200);
    expect((await server.api.post(`/api/public/follow_up/${token}`, { answers: GOOD_ANSWERS })).status).toBe(409);
  });
});
