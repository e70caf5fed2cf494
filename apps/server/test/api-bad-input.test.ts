import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AttachFileSchema } from "@pharmacy/contract/files";
import { UpdatePharmacySchema } from "@pharmacy/contract/pharmacy";
import { MovePrescriptionSchema, UpdateReceptionSchema, type Reception } from "@pharmacy/contract/receptions";
import { AppSettingsSchema, BusinessHoursSchema, DEFAULT_APP_SETTINGS, DEFAULT_BUSINESS_HOURS } from "@pharmacy/contract/settings";
import type { z } from "zod";
import { badBodies } from "./helpers/bad-bodies.js";
import { makeAccount, makeReception, uploadFile, type TestAccount } from "./helpers/factories.js";
import { JPEG_BYTES } from "./helpers/sample-files.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let account: TestAccount;
let reception: Reception;
let fileId: string;

beforeAll(async () => {
  server = await startTestServer();
  account = await makeAccount(server);
  reception = await makeReception(server, account);
  await uploadFile(server, account, JPEG_BYTES, { receptionId: reception.id });
  fileId = (await uploadFile(server, account, JPEG_BYTES)).body.file.id;
  reception = (await server.api.get(`/api/reception/${reception.id}`, account.idToken)).body;
});
afterAll(() => server.close());

const BODIES_PER_CALL = 1000;

/** Everything these calls could change, read through the API. */
async function branchState() {
  const paths = [
    "/api/reception?pageSize=500",
    `/api/reception/${reception.id}/history`,
    "/api/pharmacy",
    "/api/app_settings",
    "/api/business_hours",
  ];
  const bodies = await Promise.all(paths.map((path) => server.api.get(path, account.idToken).then((response) => response.body)));
  return JSON.stringify(bodies);
}

const calls: Array<[string, () => string, z.ZodType, () => Record<string, unknown>]> = [
  ["PATCH", () => `/api/reception/${reception.id}`, UpdateReceptionSchema, () => ({ id: reception.id, status: "Reviewing", answers: { firstVisit: "no" }, patientName: "やまだ", phone: "0312345678" })],
  ["PUT", () => `/api/reception/${reception.id}/prescription/${reception.prescriptions[0]!.prescriptionId}`, MovePrescriptionSchema, () => ({ partitionNumber: 2 })],
  ["PATCH", () => "/api/file", AttachFileSchema, () => ({ id: fileId, receptionId: reception.id, sourceType: "Paper" })],
  ["PATCH", () => "/api/pharmacy", UpdatePharmacySchema, () => ({ name: "薬局", postalCode: "1000001", receptionStartNumber: 5, webQuestionnaireUrl: "https://example.jp" })],
  ["PUT", () => "/api/app_settings", AppSettingsSchema, () => structuredClone(DEFAULT_APP_SETTINGS) as unknown as Record<string, unknown>],
  ["PUT", () => "/api/business_hours", BusinessHoursSchema, () => structuredClone(DEFAULT_BUSINESS_HOURS) as unknown as Record<string, unknown>],
];

describe.each(calls)("%s %s with bad input", (method, path, schema, validBody) => {
  it(`answers ${BODIES_PER_CALL} broken bodies with 400 and issues, changing nothing`, async () => {
    const before = await branchState();
    for (const rawBody of badBodies(validBody(), schema, BODIES_PER_CALL, path().length)) {
      const response = await server.api.request(method, path(), { rawBody, token: account.idToken });
      if (response.status !== 400 || !Array.isArray(response.body?.issues)) {
        throw new Error(`${method} ${path()} answered ${response.status} ${response.text} to ${rawBody}`);
      }
    }
    expect(await branchState()).toBe(before);
  });
});
