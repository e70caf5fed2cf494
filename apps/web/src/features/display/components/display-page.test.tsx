// @vitest-environment jsdom
import { callAnnouncement, type DisplayBoard, type ReadyNumber } from "@pharmacy/contract/display/display";
import type { ServerFrame } from "@pharmacy/contract/live/realtime";
import { cleanup, render, waitFor } from "@testing-library/react";
import { Provider } from "react-redux";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ID_TOKEN_KEY } from "../../../lib/auth/token-storage";
import { json, makeStaffStore, stubStaffServer, type SentCall } from "../../../test-utils/staff-server";
import { displayApi } from "../api";
import { DisplayPage } from "./display-page";

/*
 * The display chimes for `called` of the board frame, which only the call sets on the server, and for
 * nothing else: a board that changes alone (a new calledAt on it included) is shown, never announced.
 */

const said = vi.hoisted(() => [] as string[]);
vi.mock("../audio-output", () => ({
  browserAudioOutput: () => ({
    enabled: () => true,
    enable: async () => true,
    chime: async () => void said.push("chime"),
    speak: async (text: string) => void said.push(text),
  }),
}));

class FakeSocket {
  static opened: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor() {
    FakeSocket.opened.push(this);
  }
  send() {}
  close() {}
  receive(frame: ServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The server's board changes, and its frame comes (naming the number when the change was a call). */
  boardChanged(board: DisplayBoard, called?: ReadyNumber) {
    serverBoard = board;
    this.receive({ type: "board.updated", board, ...(called && { called }) });
  }
}

const DAY = "2026-11-20";
const ready = (receptionNumber: number, calledAt?: string): ReadyNumber => ({
  receptionNumber,
  partitionNumber: 0,
  receptionDate: DAY,
  ...(calledAt && { calledAt }),
});
const boardOf = (...numbers: ReadyNumber[]): DisplayBoard => ({
  pharmacyName: "テスト薬局",
  preparing: [],
  ready: numbers,
});
/** What the server's board is now: GET /api/display/board answers it, and each frame carries it. */
let serverBoard = boardOf(ready(12));
let boardCalls: SentCall[] = [];

beforeEach(() => {
  said.length = 0;
  FakeSocket.opened.length = 0;
  localStorage.setItem(ID_TOKEN_KEY, "display-token");
  vi.stubGlobal("WebSocket", FakeSocket);
  serverBoard = boardOf(ready(12));
  boardCalls = stubStaffServer(() => json(serverBoard));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openDisplay(): Promise<{ socket: FakeSocket; shows: (number: number) => Promise<void> }> {
  const store = makeStaffStore();
  const { container } = render(
    <Provider store={store}>
      <DisplayPage exit={null} />
    </Provider>,
  );
  const shows = (number: number) =>
    waitFor(() => expect(container.querySelector(`[data-board-number="${number}"]`)).not.toBeNull());
  await shows(12);
  const socket = await vi.waitFor(() => FakeSocket.opened[0] ?? Promise.reject(new Error("no socket yet")));
  socket.receive({ type: "auth.ok" });
  // the board is fetched anew once the socket is authorised: frames are sent after that answer is in
  await waitFor(() => {
    expect(boardCalls).toHaveLength(2);
    expect(displayApi.endpoints.getBoard.select()(store.getState()).status).toBe("fulfilled");
  });
  return { socket, shows };
}

describe("the calling display's chime", () => {
  it("says nothing of a board that changed without `called` (a new calledAt on it included), and says the number `called` names", async () => {
    const { socket, shows } = await openDisplay();
    socket.boardChanged(boardOf(ready(12, "2026-11-20T01:00:00.000Z"), ready(13)));
    await shows(13);
    const next = ready(14, "2026-11-20T01:05:00.000Z");
    // frames are handled in order: had the first been announced, it would be said first
    socket.boardChanged(boardOf(ready(12, "2026-11-20T01:00:00.000Z"), ready(13), next), next);
    await waitFor(() => expect(said).toEqual(["chime", callAnnouncement(next)]));
  });
});
