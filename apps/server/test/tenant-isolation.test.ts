import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { makeAccount, makeReception, uploadFile, type TestAccount } from "./helpers/factories.js";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { startTestServer, type TestServer } from "./helpers/server.js";
import { connectSignedIn } from "@pharmacy/test-support/ws-client";

let server: TestServer;
let branchA: TestAccount;
let branchB: TestAccount;
let receptionA: Reception;
let fileIdA: string;

beforeAll(async () => {
  server = await startTestServer();
  [branchA, branchB] = [await makeAccount(server), await makeAccount(server)];
  receptionA = await makeReception(server, branchA);
  const upload = await uploadFile(server, branchA, JPEG_BYTES, { receptionId: receptionA.id });
  fileIdA = upload.body.file.id;
  await uploadFile(server, branchA, JPEG_BYTES, { receptionId: receptionA.id });
  receptionA = (await server.api.get(`/api/reception/${receptionA.id}`, branchA.idToken)).body;
});
afterAll(() => server.close());

describe("a token of branch B", () => {
  it("answers 404 on every call naming something of branch A, exactly like a missing one", async () => {
    const id = receptionA.id;
    const prescriptionId = receptionA.prescriptions[0]!.prescriptionId;
    const receptionB = await makeReception(server, branchB);
    const calls: Array<[string, string, unknown?]> = [
      ["GET", `/api/reception/${id}`],
      ["PATCH", `/api/reception/${id}`, { id, status: "Completed" }],
      ["POST", `/api/reception/${id}/open`],
      ["DELETE", `/api/reception/${id}`],
      ["PUT", `/api/reception/${id}/prescription/${prescriptionId}`, { partitionNumber: 2 }],
      ["DELETE", `/api/reception/${id}/prescription/${prescriptionId}`],
      ["GET", `/api/reception/${id}/preview`],
      ["GET", `/api/reception/${id}/history`],
      ["GET", `/api/file/${fileIdA}`],
      ["PATCH", "/api/file", { id: fileIdA, receptionId: receptionB.id }],
    ];
    const missingId = crypto.randomUUID();
    const missingFileId = crypto.randomUUID();
    const asMissing = (text: string) => text.replaceAll(id, missingId).replaceAll(fileIdA, missingFileId);
    for (const [method, path, body] of calls) {
      const response = await server.api.request(method, path, { body, token: branchB.idToken });
      const missing = await server.api.request(method, asMissing(path), {
        body: body && JSON.parse(asMissing(JSON.stringify(body))),
        token: branchB.idToken,
      });
      expect([method, path, response.status]).toEqual([method, path, 404]);
      expect(response.body).toEqual(missing.body);
    }
    const upload = await uploadFile(server, branchB, JPEG_BYTES, { receptionId: id });
    expect(upload.status).toBe(404);

    const after = await server.api.get(`/api/reception/${id}`, branchA.idToken);
    expect(after.body).toEqual(receptionA);
  });

  it("lists, counts and dates only its own receptions", async () => {
    const listed = await server.api.get("/api/reception", branchB.idToken);
    expect(listed.body.receptions.every((reception: Reception) => reception.id !== receptionA.id)).toBe(true);
    const dates = await server.api.get("/api/reception/dates", branchB.idToken);
    const listedA = await server.api.get("/api/reception", branchA.idToken);
    expect(listedA.body.total).toBe(1);
    expect(dates.body.dates.reduce((sum: number, entry: { count: number }) => sum + entry.count, 0)).toBe(
      listed.body.total,
    );
  });

  it("receives no live event of branch A", async () => {
    const liveA = await connectSignedIn(server.baseUrl, branchA.idToken);
    const liveB = await connectSignedIn(server.baseUrl, branchB.idToken);
    try {
      const created = await makeReception(server, branchA);
      await liveA.next((event) => event.type === "reception.created" && event.reception.id === created.id);
      const ownB = await makeReception(server, branchB);
      await liveB.next((event) => event.type === "reception.created" && event.reception.id === ownB.id);
      expect(
        liveB.events
          .filter((event) => event.type !== "auth.ok")
          .map((event) => "reception" in event && event.reception.id),
      ).toEqual([ownB.id]);
    } finally {
      liveA.close();
      liveB.close();
    }
  });
});
