import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCalls, fuzzCall, type FuzzTarget } from "@pharmacy/test-support/api-fuzz";
import { makeAccount, makeReception, uploadFile, type TestAccount } from "./helpers/factories.js";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { startTestServer, type TestServer } from "./helpers/server.js";

/** Generated bad requests per call; `bench/fuzz.ts` sends many more. */
const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS_PER_CALL ?? 1000);

let server: TestServer;
let account: TestAccount;
let target: FuzzTarget;

beforeAll(async () => {
  server = await startTestServer();
  account = await makeAccount(server);
  const reception = await makeReception(server, account);
  const attached = await uploadFile(server, account, JPEG_BYTES, { receptionId: reception.id });
  const fileId = (await uploadFile(server, account, JPEG_BYTES)).body.file.id as string;
  const publicSlug = (await server.api.get("/api/pharmacy", account.idToken)).body.publicSlug as string;
  const form = new FormData();
  form.append("patientName", "ヤマダ");
  form.append("phone", "09012345678");
  form.append("answers", JSON.stringify({ prescriptionType: "Electronic", receiveMethod: "Pharmacy" }));
  const sent = await fetch(`${server.baseUrl}/api/public/pharmacy/${publicSlug}/reception`, {
    method: "POST",
    body: form,
  });
  target = {
    baseUrl: server.baseUrl,
    clientIp: server.api.clientIp,
    email: account.email,
    password: account.password,
    idToken: account.idToken,
    refreshToken: account.refreshToken,
    receptionId: reception.id,
    prescriptionId: attached.body.prescription.prescriptionId,
    fileId,
    publicSlug,
    statusToken: ((await sent.json()) as { statusToken: string }).statusToken,
    userId: account.user.id,
  };
});
afterAll(() => server.close());

/** Everything a bad request could change, read through the API and the auth tables. */
async function everything() {
  const paths = [
    "/api/reception?pageSize=500",
    `/api/reception/${target.receptionId}/history`,
    "/api/pharmacy",
    "/api/app_settings",
    "/api/business_hours",
    "/api/reception/dates",
    "/api/reception/pickups",
    "/api/staff",
    "/api/devices",
  ];
  const reads = await Promise.all(
    paths.map((path) => server.api.get(path, account.idToken).then((response) => response.body)),
  );
  const { db } = server.database;
  const count = async (
    table:
      | "users"
      | "verification_codes"
      | "refresh_tokens"
      | "auth_throttle"
      | "files"
      | "public_upload_quota"
      | "invitations"
      | "devices",
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = await Promise.all(
    (
      [
        "users",
        "verification_codes",
        "refresh_tokens",
        "auth_throttle",
        "files",
        "public_upload_quota",
        "invitations",
        "devices",
      ] as const
    ).map(count),
  );
  return JSON.stringify({
    reads,
    counts,
    status: (await server.api.get(`/api/public/reception/${target.statusToken}`)).body,
  });
}

describe.each(apiCalls().map((call) => [call.name, call] as const))("%s", (_name, call) => {
  it(`answers ${RUNS_PER_CALL} generated bad bodies, path parameters or queries with a 4xx in the error shape, never a 5xx, changing nothing`, async () => {
    const before = await everything();
    await fuzzCall(target, call, RUNS_PER_CALL, 7);
    expect(await everything()).toBe(before);
  });
});
