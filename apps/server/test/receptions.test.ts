import { describe, expect, it } from "vitest";
import { actorLabel, makeAccount, makeReception } from "./helpers/factories.js";
import { serverWithAccountPerFile } from "./helpers/server.js";

const ctx = serverWithAccountPerFile();

const api = () => ctx.server.api;
const list = (query = "") => api().get(`/api/reception${query}`, ctx.account.idToken);
const patch = (id: string, body: Record<string, unknown>) =>
  api().request("PATCH", `/api/reception/${id}`, { body, token: ctx.account.idToken });

async function withClock<T>(iso: string, work: () => Promise<T>): Promise<T> {
  const saved = ctx.server.clock.now();
  ctx.server.clock.set(new Date(iso));
  try {
    return await work();
  } finally {
    ctx.server.clock.set(saved);
  }
}

describe("creating receptions", () => {
  it("numbers the day's receptions from the start number, on the Tokyo business day", async () => {
    const fresh = await makeAccount(ctx.server);
    await ctx.server.database.db
      .updateTable("pharmacies")
      .set({ reception_start_number: 101 })
      .where("id", "=", fresh.user.pharmacyId)
      .execute();
    await withClock("2026-03-01T14:59:00Z", async () => {
      const first = await makeReception(ctx.server, fresh);
      const second = await makeReception(ctx.server, fresh);
      expect([first.receptionNumber, second.receptionNumber]).toEqual([101, 102]);
      expect(first).toMatchObject({
        receptionDate: "2026-03-01",
        partitionNumber: 0,
        channel: "Paper",
        status: null,
        answers: {},
        prescriptions: [],
      });
    });
    // 15:00 UTC is midnight in Tokyo: a new business day starts again at the start number.
    await withClock("2026-03-01T15:00:00Z", async () => {
      const nextDay = await makeReception(ctx.server, fresh);
      expect(nextDay).toMatchObject({ receptionNumber: 101, receptionDate: "2026-03-02" });
    });
  });

  it("refuses a non-empty body", async () => {
    const response = await api().post("/api/reception", { receptionNumber: 5 }, ctx.account.idToken);
    expect(response.status).toBe(400);
    expect(response.body.issues).toHaveLength(1);
  });

  it("needs a signed-in branch", async () => {
    expect((await api().post("/api/reception")).status).toBe(401);
  });
});

describe("listing receptions", () => {
  it("lists the business day's receptions newest number first, with filters and pages", async () => {
    const owner = await makeAccount(ctx.server);
    await withClock("2026-04-10T01:00:00Z", async () => {
      const created = [];
      for (let i = 0; i < 5; i++) created.push(await makeReception(ctx.server, owner));
      await api().request("PATCH", `/api/reception/${created[1]!.id}`, {
        body: { id: created[1]!.id, status: "Dispensing" },
        token: owner.idToken,
      });

      const all = await api().get("/api/reception", owner.idToken);
      expect(all.body.total).toBe(5);
      expect(all.body.receptions.map((r: { receptionNumber: number }) => r.receptionNumber)).toEqual([5, 4, 3, 2, 1]);

      const dispensing = await api().get("/api/reception?status=Dispensing", owner.idToken);
      expect(dispensing.body.receptions.map((r: { id: string }) => r.id)).toEqual([created[1]!.id]);
      expect((await api().get("/api/reception?channel=Web", owner.idToken)).body.total).toBe(0);

      const page2 = await api().get("/api/reception?page=2&pageSize=2", owner.idToken);
      expect(page2.body.total).toBe(5);
      expect(page2.body.receptions.map((r: { receptionNumber: number }) => r.receptionNumber)).toEqual([3, 2]);
    });
    const otherDay = await api().get("/api/reception?date=2026-04-09", owner.idToken);
    expect(otherDay.body).toEqual({ receptions: [], total: 0, carried: [] });
    const byDate = await api().get("/api/reception?date=2026-04-10", owner.idToken);
    expect(byDate.body.total).toBe(5);

    const dates = await api().get("/api/reception/dates", owner.idToken);
    expect(dates.body.dates).toEqual([{ date: "2026-04-10", count: 5 }]);
  });

  it.each([
    "?date=2026-13-01",
    "?date=yesterday",
    "?status=Done",
    "?status=",
    "?channel=Fax",
    "?page=0",
    "?pageSize=100000",
    "?page=abc",
    "?unknown=1",
  ])("answers 400 with issues for %s", async (query) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    expect(Array.isArray(response.body.issues)).toBe(true);
  });
});

describe("changing a reception", () => {
  it("moves the status forward and back, never to null", async () => {
    const reception = await makeReception(ctx.server, ctx.account);
    for (const status of ["Reviewing", "Dispensing", "Completed", "Dispensing"]) {
      const response = await patch(reception.id, { id: reception.id, status });
      expect(response.status).toBe(200);
      expect(response.body.status).toBe(status);
    }
    expect((await patch(reception.id, { id: reception.id, status: null })).status).toBe(400);
    expect((await patch(reception.id, { id: reception.id, status: "Done" })).status).toBe(400);
    expect((await api().get(`/api/reception/${reception.id}`, ctx.account.idToken)).body.status).toBe("Dispensing");
  });

  it("saves answers checked against the catalogue and its conditions", async () => {
    const reception = await makeReception(ctx.server, ctx.account);
    const answers = {
      prescriptionType: "Electronic",
      verifyMethod: "MyNumberCard",
      firstVisit: "yes",
      questionnaireType: "Web",
      medicineNotebook: "App",
      genericDrug: "Consult",
      leftoverMedicine: "no",
      receiveMethod: "ReturnVisit",
      returnDate: "2026-11-25",
      returnTimePeriod: "14:00-18:00",
    };
    const response = await patch(reception.id, {
      id: reception.id,
      answers,
      patientName: "やまだ たろう",
      phone: "090-1234-5678",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ answers, patientName: "やまだ たろう", phone: "090-1234-5678" });
    // full-width digits and long-vowel hyphens, as a Japanese keyboard types them, are kept half-width
    const typed = await patch(reception.id, { id: reception.id, phone: "０９０ー９８７６ー５４３２" });
    expect(typed.body).toMatchObject({ phone: "090-9876-5432" });
  });

  it.each([
    [{ unknownQuestion: "yes" }, "unknownQuestion"],
    [{ firstVisit: "maybe" }, "firstVisit"],
    [{ prescriptionType: "Paper", verifyMethod: "MyNumberCard" }, "verifyMethod"],
    [{ firstVisit: "no", questionnaireType: "Web" }, "questionnaireType"],
    [{ receiveMethod: "Pharmacy", returnDate: "2026-11-25" }, "returnDate"],
    [{ receiveMethod: "ReturnVisit", returnTimePeriod: "18:00-14:00" }, "returnTimePeriod"],
    [{ receiveMethod: "ReturnVisit", returnDate: "2026-02-30x" }, "returnDate"],
  ])("refuses answers %j with an issue on %s and changes nothing", async (answers, field) => {
    const reception = await makeReception(ctx.server, ctx.account);
    const response = await patch(reception.id, { id: reception.id, answers });
    expect(response.status).toBe(400);
    expect(response.body.issues.some((issue: { path: string[] }) => issue.path.includes(field))).toBe(true);
    expect((await api().get(`/api/reception/${reception.id}`, ctx.account.idToken)).body.answers).toEqual({});
  });

  it("needs the body id to match the path id", async () => {
    const [a, b] = [await makeReception(ctx.server, ctx.account), await makeReception(ctx.server, ctx.account)];
    const response = await patch(a.id, { id: b.id, status: "Reviewing" });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path).toEqual(["id"]);
    expect((await api().get(`/api/reception/${b.id}`, ctx.account.idToken)).body.status).toBeNull();
  });

  it("answers ids that are not UUIDs with 400 and unknown ones with 404", async () => {
    expect((await api().get("/api/reception/12", ctx.account.idToken)).status).toBe(400);
    expect((await patch("not-a-uuid", { id: "not-a-uuid" })).status).toBe(400);
    const unknown = crypto.randomUUID();
    expect((await api().get(`/api/reception/${unknown}`, ctx.account.idToken)).status).toBe(404);
    expect((await patch(unknown, { id: unknown, status: "Reviewing" })).status).toBe(404);
  });
});

describe("deleting a reception", () => {
  it("removes it from lists and gets, keeps it in the audit trail, and keeps its number used", async () => {
    const reception = await makeReception(ctx.server, ctx.account);
    const response = await api().request("DELETE", `/api/reception/${reception.id}`, { token: ctx.account.idToken });
    expect(response.status).toBe(204);
    expect((await api().get(`/api/reception/${reception.id}`, ctx.account.idToken)).status).toBe(404);
    const listed = await list();
    expect(listed.body.receptions.some((r: { id: string }) => r.id === reception.id)).toBe(false);
    expect(
      (await api().request("DELETE", `/api/reception/${reception.id}`, { token: ctx.account.idToken })).status,
    ).toBe(404);

    const audit = await ctx.server.database.db
      .selectFrom("reception_audit")
      .selectAll()
      .where("reception_id", "=", reception.id)
      .orderBy("seq")
      .execute();
    expect(audit.map((row) => row.action)).toEqual(["created", "deleted"]);
    expect(audit[1]!.actor).toBe(actorLabel(ctx.account));

    const next = await makeReception(ctx.server, ctx.account);
    expect(next.receptionNumber).toBe(reception.receptionNumber + 1);
  });
});

describe("history", () => {
  it("records who changed what, before and after, in order", async () => {
    const reception = await makeReception(ctx.server, ctx.account);
    await patch(reception.id, { id: reception.id, status: "Reviewing" });
    await patch(reception.id, { id: reception.id, answers: { firstVisit: "no" } });
    await patch(reception.id, { id: reception.id, patientName: "さとう はなこ" });
    await patch(reception.id, { id: reception.id, status: "Reviewing" });
    const response = await api().get(`/api/reception/${reception.id}/history`, ctx.account.idToken);
    expect(response.status).toBe(200);
    expect(response.body.history.map((entry: { action: string }) => entry.action)).toEqual([
      "created",
      "status_changed",
      "answers_changed",
      "details_changed",
    ]);
    expect(response.body.history[1]).toMatchObject({
      actor: actorLabel(ctx.account),
      before: { status: null },
      after: { status: "Reviewing" },
    });
    expect(response.body.history[2]).toMatchObject({
      before: { answers: {} },
      after: { answers: { firstVisit: "no" } },
    });
  });
});

describe("opening a reception", () => {
  const open = (id: string) => api().post(`/api/reception/${id}/open`, undefined, ctx.account.idToken);
  const history = async (id: string) =>
    (await api().get(`/api/reception/${id}/history`, ctx.account.idToken)).body.history as unknown[];

  it("makes today's unopened reception 確認中, once", async () => {
    const reception = await makeReception(ctx.server, ctx.account);
    expect((await open(reception.id)).body.status).toBe("Reviewing");
    const entries = (await history(reception.id)).length;
    await patch(reception.id, { id: reception.id, status: "Dispensing" });
    expect((await open(reception.id)).body.status).toBe("Dispensing");
    expect(await history(reception.id)).toHaveLength(entries + 1);
  });

  it("makes a past day's unopened reception (carried onto today) 確認中 too", async () => {
    const reception = await withClock("2026-02-01T01:00:00Z", () => makeReception(ctx.server, ctx.account));
    const opened = await open(reception.id);
    expect(opened.status).toBe(200);
    expect(opened.body.status).toBe("Reviewing");
  });

  it("answers 404 for an unknown reception", async () => {
    expect((await open("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

describe("a staff note", () => {
  it("is kept with the reception, trimmed, in its history, and cleared with an empty text", async () => {
    const reception = await makeReception(ctx.server, ctx.account);
    const saved = await patch(reception.id, { id: reception.id, note: "  お薬手帳を忘れたので次回持参  " });
    expect(saved.status).toBe(200);
    expect(saved.body.note).toBe("お薬手帳を忘れたので次回持参");
    const history = (await api().get(`/api/reception/${reception.id}/history`, ctx.account.idToken)).body.history;
    expect(history.at(-1)).toMatchObject({
      action: "details_changed",
      after: { note: "お薬手帳を忘れたので次回持参" },
    });
    const cleared = await patch(reception.id, { id: reception.id, note: "" });
    expect(cleared.body).not.toHaveProperty("note");
  });

  it("refuses a note over 500 characters with a Japanese message", async () => {
    const reception = await makeReception(ctx.server, ctx.account);
    const response = await patch(reception.id, { id: reception.id, note: "あ".repeat(501) });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].message).toBe("メモは500文字以内で入力してください");
  });
});
