import { configureStore } from "@reduxjs/toolkit";
import { describe, expect, it } from "vitest";
import { rootReducer } from "../../lib/store/root-reducer";
import {
  scanAdded,
  scannedPrescriptionsSlice,
  scanRemoved,
  scanRetaken,
  scansCleared,
  selectScannedPrescriptions,
  selectUploadsFailed,
  selectUploadsPending,
  uploadFailed,
  uploadRetried,
  uploadSucceeded,
} from "./scanned-prescriptions-slice";

const reduce = scannedPrescriptionsSlice.reducer;
const picture = (id: string, previewUrl = `blob:${id}`) => ({
  id,
  fileName: `${id}.jpg`,
  kind: "image" as const,
  previewUrl,
});

describe("scanned prescriptions", () => {
  it("lists each picture once, uploading first", () => {
    let state = reduce(undefined, scanAdded(picture("a")));
    state = reduce(state, scanAdded(picture("b")));
    state = reduce(state, scanAdded(picture("a")));
    expect(state.items.map((item) => [item.id, item.status])).toEqual([
      ["a", "uploading"],
      ["b", "uploading"],
    ]);
  });

  it("records the server's prescription once uploaded", () => {
    let state = reduce(undefined, scanAdded(picture("a")));
    state = reduce(state, uploadSucceeded({ id: "a", fileId: "f1", prescriptionId: "p1" }));
    expect(state.items[0]).toMatchObject({ status: "uploaded", fileId: "f1", prescriptionId: "p1" });
  });

  it("keeps the Japanese error of a failed upload until it is retried", () => {
    let state = reduce(undefined, scanAdded(picture("a")));
    state = reduce(state, uploadFailed({ id: "a", message: "データが大きすぎます。" }));
    expect(state.items[0]).toMatchObject({ status: "failed", errorMessage: "データが大きすぎます。" });
    state = reduce(state, uploadRetried("a"));
    expect(state.items[0]!.status).toBe("uploading");
    expect(state.items[0]!.errorMessage).toBeUndefined();
  });

  it("a retake replaces the picture in its place and uploads it afresh", () => {
    let state = reduce(undefined, scanAdded(picture("a")));
    state = reduce(state, scanAdded(picture("b")));
    state = reduce(state, uploadSucceeded({ id: "a", fileId: "f1", prescriptionId: "p1" }));
    state = reduce(state, scanRetaken(picture("a", "blob:new")));
    expect(state.items.map((item) => item.id)).toEqual(["a", "b"]);
    expect(state.items[0]).toMatchObject({ status: "uploading", previewUrl: "blob:new" });
    expect(state.items[0]!.prescriptionId).toBeUndefined();
  });

  it("removes one picture, or clears them all for the next patient", () => {
    let state = reduce(undefined, scanAdded(picture("a")));
    state = reduce(state, scanAdded(picture("b")));
    state = reduce(state, scanRemoved("a"));
    expect(state.items.map((item) => item.id)).toEqual(["b"]);
    expect(reduce(state, scansCleared()).items).toEqual([]);
  });

  it("is injected into the store lazily and its selectors work before its first action", () => {
    const store = configureStore({ reducer: rootReducer });
    expect(selectScannedPrescriptions(store.getState())).toEqual([]);
    store.dispatch(scanAdded(picture("a")));
    expect(selectUploadsPending(store.getState())).toBe(true);
    store.dispatch(uploadFailed({ id: "a", message: "x" }));
    expect(selectUploadsPending(store.getState())).toBe(false);
    expect(selectUploadsFailed(store.getState())).toBe(true);
  });
});
