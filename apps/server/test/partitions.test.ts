import { describe, expect, it } from "vitest";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { actorLabel, makeReception, uploadFile } from "./helpers/factories.js";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { serverWithAccountPerFile } from "./helpers/server.js";

const ctx = serverWithAccountPerFile();

async function receptionWithPrescriptions(count: number): Promise<Reception> {
  const reception = await makeReception(ctx.server, ctx.account);
  for (let i = 0; i < count; i++) {
    const upload = await uploadFile(ctx.server, ctx.account, JPEG_BYTES, { receptionId: reception.id });
    expect(upload.status).toBe(201);
  }
  return (await ctx.server.api.get(`/api/reception/${reception.id}`, ctx.account.idToken)).body;
}

const move = (receptionId: string, prescriptionId: string, partitionNumber: unknown) =>
  ctx.server.api.request("PUT", `/api/reception/${receptionId}/prescription/${prescriptionId}`, {
    body: { partitionNumber },
    token: ctx.account.idToken,
  });

async function partitionsOf(receptionNumber: number) {
  const listed = await ctx.server.api.get("/api/reception?pageSize=500", ctx.account.idToken);
  return (listed.body.receptions as Reception[])
    .filter((reception) => reception.receptionNumber === receptionNumber)
    .map((reception) => ({
      partition: reception.partitionNumber,
      prescriptions: reception.prescriptions.map((p) => p.prescriptionId),
    }));
}

describe("splitting and merging partitions", () => {
  it("splits a prescription into partition 2: the reception becomes 12-1 and a new 12-2 holds it", async () => {
    const reception = await receptionWithPrescriptions(2);
    const [first, second] = reception.prescriptions.map((p) => p.prescriptionId);
    const response = await move(reception.id, second!, 2);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ receptionNumber: reception.receptionNumber, partitionNumber: 2 });
    expect(await partitionsOf(reception.receptionNumber)).toEqual([
      { partition: 1, prescriptions: [first] },
      { partition: 2, prescriptions: [second] },
    ]);
  });

  it("a new partition copies the status and answers of the one it came from", async () => {
    const reception = await receptionWithPrescriptions(2);
    await ctx.server.api.request("PATCH", `/api/reception/${reception.id}`, {
      body: { id: reception.id, status: "Reviewing", answers: { firstVisit: "no" } },
      token: ctx.account.idToken,
    });
    const response = await move(reception.id, reception.prescriptions[1]!.prescriptionId, 2);
    expect(response.body).toMatchObject({ status: "Reviewing", answers: { firstVisit: "no" }, channel: "Paper" });
  });

  it("a new partition keeps the reception's time and its history up to the split", async () => {
    const reception = await receptionWithPrescriptions(2);
    const later = new Date(ctx.server.clock.now().getTime() + 10 * 60_000);
    const saved = ctx.server.clock.now();
    ctx.server.clock.set(later);
    try {
      const split = await move(reception.id, reception.prescriptions[1]!.prescriptionId, 2);
      expect(split.body).toMatchObject({ partitionNumber: 2, createdAt: reception.createdAt });
      const history = (await ctx.server.api.get(`/api/reception/${split.body.id}/history`, ctx.account.idToken)).body
        .history;
      expect(history.map((entry: { action: string }) => entry.action)).toEqual([
        "created",
        "prescription_added",
        "prescription_added",
        "split",
      ]);
    } finally {
      ctx.server.clock.set(saved);
    }
  });

  it("merging a partition still 調剤中 into a 完了 one takes it back to 調剤中, in its history", async () => {
    const reception = await receptionWithPrescriptions(2);
    const second = reception.prescriptions[1]!.prescriptionId;
    const split = await move(reception.id, second, 2);
    const patch = (id: string, status: string) =>
      ctx.server.api.request("PATCH", `/api/reception/${id}`, { body: { id, status }, token: ctx.account.idToken });
    await patch(reception.id, "Completed");
    await patch(split.body.id, "Dispensing");
    const merged = await move(split.body.id, second, 1);
    expect(merged.body).toMatchObject({ id: reception.id, status: "Dispensing" });
    const history = (await ctx.server.api.get(`/api/reception/${reception.id}/history`, ctx.account.idToken)).body
      .history;
    expect(history.at(-2)).toMatchObject({
      action: "status_changed",
      before: { status: "Completed" },
      after: { status: "Dispensing" },
    });
  });

  it("merging back removes the empty partition and a number left alone gets partition 0", async () => {
    const reception = await receptionWithPrescriptions(2);
    const second = reception.prescriptions[1]!.prescriptionId;
    const split = await move(reception.id, second, 2);
    const merged = await move(split.body.id, second, 1);
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ id: reception.id, partitionNumber: 0 });
    expect(await partitionsOf(reception.receptionNumber)).toEqual([
      { partition: 0, prescriptions: reception.prescriptions.map((p) => p.prescriptionId) },
    ]);
    expect((await ctx.server.api.get(`/api/reception/${split.body.id}`, ctx.account.idToken)).status).toBe(404);
  });

  it("moving into the partition it is already in changes nothing", async () => {
    const reception = await receptionWithPrescriptions(1);
    const response = await move(reception.id, reception.prescriptions[0]!.prescriptionId, 1);
    expect(response.status).toBe(200);
    expect(response.body.partitionNumber).toBe(0);
    expect(await partitionsOf(reception.receptionNumber)).toHaveLength(1);
  });

  it("three-way split keeps distinct partition numbers; deleting one of two leaves the other at 0", async () => {
    const reception = await receptionWithPrescriptions(3);
    const [, b, c] = reception.prescriptions.map((p) => p.prescriptionId);
    await move(reception.id, b!, 2);
    const third = await move(reception.id, c!, 3);
    expect((await partitionsOf(reception.receptionNumber)).map((p) => p.partition)).toEqual([1, 2, 3]);
    await ctx.server.api.request("DELETE", `/api/reception/${third.body.id}`, { token: ctx.account.idToken });
    expect((await partitionsOf(reception.receptionNumber)).map((p) => p.partition)).toEqual([1, 2]);
    const two = (await partitionsOf(reception.receptionNumber))[1]!;
    const twoId = (await ctx.server.api.get("/api/reception?pageSize=500", ctx.account.idToken)).body.receptions.find(
      (r: Reception) => r.receptionNumber === reception.receptionNumber && r.partitionNumber === 2,
    ).id;
    expect(two.prescriptions).toEqual([b]);
    await ctx.server.api.request("DELETE", `/api/reception/${twoId}`, { token: ctx.account.idToken });
    expect((await partitionsOf(reception.receptionNumber)).map((p) => p.partition)).toEqual([0]);
  });

  it("moving the only prescription out removes the emptied partition", async () => {
    const reception = await receptionWithPrescriptions(2);
    const [a, b] = reception.prescriptions.map((p) => p.prescriptionId);
    const two = await move(reception.id, b!, 2);
    const three = await move(two.body.id, b!, 3);
    expect(three.body.partitionNumber).toBe(3);
    expect((await partitionsOf(reception.receptionNumber)).map((p) => p.partition)).toEqual([1, 3]);
    expect((await partitionsOf(reception.receptionNumber))[0]!.prescriptions).toEqual([a]);
  });

  it("records the split in the history", async () => {
    const reception = await receptionWithPrescriptions(2);
    await move(reception.id, reception.prescriptions[1]!.prescriptionId, 2);
    const history = await ctx.server.api.get(`/api/reception/${reception.id}/history`, ctx.account.idToken);
    expect(history.body.history.map((entry: { action: string }) => entry.action)).toContain("split");
  });

  it.each([0, -1, 21, 1.5, "2", null])(
    "refuses partition number %j with 400 and changes nothing",
    async (partitionNumber) => {
      const reception = await receptionWithPrescriptions(2);
      const response = await move(reception.id, reception.prescriptions[1]!.prescriptionId, partitionNumber);
      expect(response.status).toBe(400);
      expect(await partitionsOf(reception.receptionNumber)).toHaveLength(1);
    },
  );

  it("answers 404 for a prescription of another reception", async () => {
    const [one, other] = [await receptionWithPrescriptions(1), await receptionWithPrescriptions(1)];
    const response = await move(one.id, other.prescriptions[0]!.prescriptionId, 2);
    expect(response.status).toBe(404);
  });
});

describe("removing a prescription", () => {
  it("deletes it from the reception and records it", async () => {
    const reception = await receptionWithPrescriptions(2);
    const [a, b] = reception.prescriptions.map((p) => p.prescriptionId);
    const response = await ctx.server.api.request("DELETE", `/api/reception/${reception.id}/prescription/${a}`, {
      token: ctx.account.idToken,
    });
    expect(response.status).toBe(204);
    const after = await ctx.server.api.get(`/api/reception/${reception.id}`, ctx.account.idToken);
    expect(after.body.prescriptions.map((p: { prescriptionId: string }) => p.prescriptionId)).toEqual([b]);
    const again = await ctx.server.api.request("DELETE", `/api/reception/${reception.id}/prescription/${a}`, {
      token: ctx.account.idToken,
    });
    expect(again.status).toBe(404);
    const history = await ctx.server.api.get(`/api/reception/${reception.id}/history`, ctx.account.idToken);
    expect(history.body.history.at(-1)).toMatchObject({
      action: "prescription_removed",
      before: { prescriptionId: a },
    });
  });
});

describe("adding a prescription", () => {
  it("is recorded in the history with its file", async () => {
    const reception = await makeReception(ctx.server, ctx.account);
    const upload = await uploadFile(ctx.server, ctx.account, JPEG_BYTES, {
      receptionId: reception.id,
      sourceType: "Fax",
    });
    const history = await ctx.server.api.get(`/api/reception/${reception.id}/history`, ctx.account.idToken);
    expect(history.body.history.at(-1)).toMatchObject({
      action: "prescription_added",
      actor: actorLabel(ctx.account),
      after: {
        prescriptionId: upload.body.prescription.prescriptionId,
        sourceType: "Fax",
        fileId: upload.body.file.id,
      },
    });
  });
});
