import type { Reception, ReceptionList } from "@pharmacy/contract/receptions/receptions";
import { configureStore } from "@reduxjs/toolkit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../lib/api/api";
import { rootReducer } from "../../lib/store/root-reducer";
import { makePrescription, makeReception } from "../../test-utils/receptions";
import { receptionsApi } from "./api";

const DATE = "2026-05-01";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * A store with the real API slice and a stubbed server: `server.day` is what GET /api/reception
 * answers, `server.reply` answers everything else. No token is stored, so no live socket opens:
 * only the mutations' own responses and invalidations can change the cached list.
 */
function setup(day: Reception[], carried: Reception[] = []) {
  // "Today" is DATE for the cache rules that find today's list (carried rows, pickups).
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(`${DATE}T03:00:00.000Z`));
  // The list subscribes to the app's socket, which stays idle with no token stored.
  vi.stubGlobal("window", {
    location: { protocol: "http:", host: "app.test" },
    addEventListener: () => {},
    removeEventListener: () => {},
  });
  const server = { day, carried, reply: (_request: Request): Response => json({}, 404), listFetches: 0 };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const { pathname } = new URL(request.url);
      if (request.method === "GET" && pathname === "/api/reception") {
        server.listFetches += 1;
        return json({
          receptions: server.day,
          total: server.day.length,
          carried: server.carried,
        } satisfies ReceptionList);
      }
      return server.reply(request);
    }),
  );
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const subscription = store.dispatch(receptionsApi.endpoints.getReceptions.initiate({ date: DATE }));
  const dayList = () => receptionsApi.endpoints.getReceptions.select({ date: DATE })(store.getState()).data;
  return { store, server, subscription, dayList };
}

/** Until the cached list settles (a refetch has come back or none was started). */
async function settled(store: ReturnType<typeof setup>["store"]) {
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the day list after this tab's own changes", () => {
  it("a created reception enters its day's list from the response, without a refetch", async () => {
    const { store, server, subscription, dayList } = setup([makeReception({ receptionNumber: 1 })]);
    await subscription;
    const created = makeReception({ receptionNumber: 2, receptionDate: DATE });
    server.reply = () => json(created, 201);

    await store.dispatch(receptionsApi.endpoints.createReception.initiate()).unwrap();
    await settled(store);

    expect(dayList()?.receptions.map((reception) => reception.id)).toEqual([created.id, expect.any(String)]);
    expect(dayList()?.total).toBe(2);
    expect(server.listFetches).toBe(1);
    await vi.waitFor(() =>
      expect(receptionsApi.endpoints.getReception.select(created.id)(store.getState()).data).toEqual(created),
    );
    subscription.unsubscribe();
  });

  it("an updated reception replaces its entry from the response", async () => {
    const reception = makeReception({ receptionNumber: 1 });
    const { store, server, subscription, dayList } = setup([reception]);
    await subscription;
    server.reply = () => json({ ...reception, status: "Reviewing" });

    await store
      .dispatch(receptionsApi.endpoints.updateReception.initiate({ id: reception.id, status: "Reviewing" }))
      .unwrap();

    expect(dayList()?.receptions).toEqual([{ ...reception, status: "Reviewing" }]);
    expect(server.listFetches).toBe(1);
    subscription.unsubscribe();
  });

  it("an uploaded picture reaches the list entry of its reception (its tag is the list's too)", async () => {
    const reception = makeReception({ receptionNumber: 1 });
    const { store, server, subscription, dayList } = setup([reception]);
    await subscription;
    const prescription = makePrescription(1);
    server.reply = () => {
      server.day = [{ ...reception, prescriptions: [prescription] }];
      return json({ file: { id: prescription.fileId, contentType: "image/jpeg", size: 10 }, prescription }, 201);
    };

    const file = new File([new Uint8Array(10)], "a.jpg", { type: "image/jpeg" });
    await store
      .dispatch(receptionsApi.endpoints.uploadPrescriptionFile.initiate({ file, receptionId: reception.id }))
      .unwrap();
    await settled(store);

    expect(dayList()?.receptions[0]?.prescriptions).toEqual([prescription]);
    expect(server.listFetches).toBe(2);
    subscription.unsubscribe();
  });

  it("a deleted reception leaves the list", async () => {
    const [kept, deleted] = [makeReception({ receptionNumber: 1 }), makeReception({ receptionNumber: 2 })];
    const { store, server, subscription, dayList } = setup([kept, deleted]);
    await subscription;
    server.reply = () => {
      server.day = [kept];
      return new Response(null, { status: 204 });
    };

    await store
      .dispatch(receptionsApi.endpoints.deleteReception.initiate({ id: deleted.id, receptionDate: DATE }))
      .unwrap();
    await settled(store);

    expect(dayList()).toEqual({ receptions: [kept], total: 1, carried: [] });
    subscription.unsubscribe();
  });
});

describe("today's carried rows after this tab's own changes", () => {
  const YESTERDAY = "2026-04-30";

  it("a carried reception moved on changes in place, and leaves once handed over", async () => {
    const carried = makeReception({ receptionNumber: 8, receptionDate: YESTERDAY, status: "Completed" });
    const { store, server, subscription, dayList } = setup([makeReception({ receptionNumber: 8 })], [carried]);
    await subscription;
    server.reply = () => json({ ...carried, calledAt: "2026-05-01T03:00:00.000Z" });
    await store.dispatch(receptionsApi.endpoints.changeWaitState.initiate({ id: carried.id, action: "call" })).unwrap();
    expect(dayList()?.carried).toEqual([{ ...carried, calledAt: "2026-05-01T03:00:00.000Z" }]);

    server.reply = () => json({ ...carried, handedOverAt: "2026-05-01T03:05:00.000Z" });
    await store
      .dispatch(receptionsApi.endpoints.changeWaitState.initiate({ id: carried.id, action: "hand_over" }))
      .unwrap();
    expect(dayList()?.carried).toEqual([]);
    expect(dayList()?.receptions).toHaveLength(1);
    expect(server.listFetches).toBe(1);
    subscription.unsubscribe();
  });

  it("a deleted carried reception leaves today's list", async () => {
    const carried = makeReception({ receptionNumber: 8, receptionDate: YESTERDAY });
    const { store, server, subscription, dayList } = setup([], [carried]);
    await subscription;
    server.reply = () => {
      server.carried = [];
      return new Response(null, { status: 204 });
    };
    await store
      .dispatch(receptionsApi.endpoints.deleteReception.initiate({ id: carried.id, receptionDate: YESTERDAY }))
      .unwrap();
    await settled(store);
    expect(dayList()?.carried).toEqual([]);
    subscription.unsubscribe();
  });
});
