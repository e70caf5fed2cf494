import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WS_CLOSE_POLICY_VIOLATION, type ServerFrame } from "@pharmacy/contract/live/realtime";
import type { BranchDay } from "@pharmacy/contract/organization/organization";
import { connectLive, type LiveClient } from "@pharmacy/test-support/ws-client";
import { makeAccount, makeDevice, makePerson, makeReception, type TestAccount } from "./helpers/factories.js";
import { addBranch } from "./helpers/organizations.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

/**
 * The 本部 screen's socket (view `organization`): its organisation's admin gets the day's rows of any of its
 * branches whose receptions change; nobody else gets them, and nobody gets another organisation's.
 */
let server: TestServer;
/** The organisation's admin, signed in on its first branch (A). */
let owner: TestAccount;
/** The same person's session on the second branch (B), as its admin. */
let branchB: { id: string; admin: TestAccount };
/** Staff of branch A alone. */
let staffOfA: TestAccount;
/** The admin of branch B alone (not the organisation's). */
let adminOfB: TestAccount;
/** Another organisation's admin. */
let outsider: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await makeAccount(server);
  const added = await addBranch(server, owner, "さくら薬局 駅前店");
  branchB = { id: added.branch.id, admin: added.admin };
  staffOfA = await makePerson(server, owner, "staff");
  adminOfB = await makePerson(server, added.admin, "admin");
  outsider = await makeAccount(server);
}, 600_000);
afterAll(() => server.close());

const sockets: LiveClient[] = [];
afterAll(() => sockets.forEach((socket) => socket.close()));

async function follow(account: { idToken: string }, view?: string): Promise<LiveClient> {
  const socket = await connectLive(server.baseUrl, {
    type: "auth",
    idToken: account.idToken,
    sessionId: crypto.randomUUID(),
    ...(view && { view }),
  });
  sockets.push(socket);
  return socket;
}

async function followOrganization(account: TestAccount): Promise<LiveClient> {
  const socket = await follow(account, "organization");
  await socket.next((frame) => frame.type === "auth.ok");
  return socket;
}

type DayFrame = Extract<ServerFrame, { type: "organization.day.updated" }>;
const rowOf = (frame: ServerFrame, branchId: string) =>
  frame.type === "organization.day.updated" ? frame.branches.find((row) => row.id === branchId) : undefined;

async function todayRow(branchId: string): Promise<BranchDay> {
  const today = await server.api.get("/api/organization/today", owner.idToken);
  expect(today.status).toBe(200);
  return (today.body.branches as BranchDay[]).find((row) => row.id === branchId)!;
}

describe("the 本部 screen's socket", () => {
  it("gets the row of another branch of the organisation when a reception is made there, and when its status changes", async () => {
    const honbu = await followOrganization(owner);
    const before = await todayRow(branchB.id);
    const reception = await makeReception(server, branchB.admin);
    const created = await honbu.next((frame) => (rowOf(frame, branchB.id)?.received ?? 0) > before.received);
    expect((created as DayFrame).branches).toEqual([await todayRow(branchB.id)]);
    expect((created as DayFrame).date).toBe((await server.api.get("/api/organization/today", owner.idToken)).body.date);

    const patched = await server.api.request("PATCH", `/api/reception/${reception.id}`, {
      body: { id: reception.id, status: "Completed" },
      token: branchB.admin.idToken,
    });
    expect(patched.status).toBe(200);
    const completed = await honbu.next((frame) => (rowOf(frame, branchB.id)?.completed ?? 0) > before.completed);
    expect(rowOf(completed, branchB.id)).toEqual(await todayRow(branchB.id));
  });

  it("gets the row of the branch its admin is signed in to as well", async () => {
    const honbu = await followOrganization(owner);
    const before = await todayRow(owner.user.pharmacyId);
    await makeReception(server, owner);
    const frame = await honbu.next((sent) => (rowOf(sent, owner.user.pharmacyId)?.received ?? 0) > before.received);
    expect(rowOf(frame, owner.user.pharmacyId)).toEqual(await todayRow(owner.user.pharmacyId));
  });

  it("is refused (1008) to a branch's staff, to a branch's admin who does not run the organisation, and to a counter", async () => {
    const counter = await makeDevice(server, owner, "counter");
    for (const account of [staffOfA, adminOfB, counter]) {
      const socket = await follow(account, "organization");
      expect((await socket.closed).code).toBe(WS_CLOSE_POLICY_VIOLATION);
      expect(socket.events).toEqual([]);
    }
  });

  it("a calling display asking for it follows its board instead", async () => {
    const display = await makeDevice(server, owner, "display");
    const socket = await follow(display, "organization");
    await socket.next((frame) => frame.type === "auth.ok");
    await makeReception(server, owner);
    await socket.next((frame) => frame.type === "board.updated");
    expect(socket.events.some((frame) => frame.type === "organization.day.updated")).toBe(false);
  });

  it("another organisation's admin gets nothing of this organisation, only their own", async () => {
    const elsewhere = await followOrganization(outsider);
    await makeReception(server, branchB.admin);
    await makeReception(server, owner);
    // the outsider's own reception comes after: a frame of this organisation would have come first
    await makeReception(server, outsider);
    const first = await elsewhere.next((frame) => frame.type !== "auth.ok");
    expect(first.type === "organization.day.updated" && first.branches.map((row) => row.id)).toEqual([
      outsider.user.pharmacyId,
    ]);
    const named = JSON.stringify(elsewhere.events);
    expect(named).not.toContain(branchB.id);
    expect(named).not.toContain(owner.user.pharmacyId);
  });

  it("a branch's staff socket hears nothing of another branch of the same organisation", async () => {
    const staffSocket = await follow(staffOfA);
    await staffSocket.next((frame) => frame.type === "auth.ok");
    const ofB = await makeReception(server, branchB.admin);
    const ofA = await makeReception(server, owner);
    const first = await staffSocket.next((frame) => frame.type !== "auth.ok");
    expect(first.type === "reception.created" && first.reception.id).toBe(ofA.id);
    expect(JSON.stringify(staffSocket.events)).not.toContain(ofB.id);
    expect(staffSocket.events.some((frame) => frame.type === "organization.day.updated")).toBe(false);
  });

  it("several receptions close together come as rows that end on the day's counts", async () => {
    const honbu = await followOrganization(owner);
    const before = await todayRow(branchB.id);
    await Promise.all([1, 2, 3].map(() => makeReception(server, branchB.admin)));
    const last = await honbu.next((frame) => rowOf(frame, branchB.id)?.received === before.received + 3);
    expect(rowOf(last, branchB.id)).toEqual(await todayRow(branchB.id));
  });
});
