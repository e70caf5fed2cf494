import { createSlice, type PayloadAction, type WithSlice } from "@reduxjs/toolkit";
import { rootReducer } from "../../lib/store/root-reducer";

/**
 * The "list of scanned prescriptions" (docs/rules.md#the-staff-apps-basics): the pictures taken at the counter for the reception
 * being made, each uploaded at once. The File itself stays with the component (it is not
 * serialisable); the store holds what the screen shows.
 */
export type ScanStatus = "uploading" | "uploaded" | "failed";

export interface ScannedPrescription {
  /** Local id of the picture (a retake keeps it, so the item stays in its place). */
  id: string;
  fileName: string;
  kind: "image" | "pdf";
  /** Object URL of the picture on this device, for the thumbnail. */
  previewUrl?: string;
  status: ScanStatus;
  /** Japanese text of the last upload error. */
  errorMessage?: string;
  /** Set once uploaded: the prescription the server attached to the reception. */
  prescriptionId?: string;
  fileId?: string;
}

export interface ScannedPrescriptionsState {
  items: ScannedPrescription[];
}

const initialState: ScannedPrescriptionsState = { items: [] };

type Picture = Pick<ScannedPrescription, "id" | "fileName" | "kind" | "previewUrl">;

function find(state: ScannedPrescriptionsState, id: string): ScannedPrescription | undefined {
  return state.items.find((item) => item.id === id);
}

export const scannedPrescriptionsSlice = createSlice({
  name: "scannedPrescriptions",
  initialState,
  reducers: {
    scanAdded(state, action: PayloadAction<Picture>) {
      if (find(state, action.payload.id)) return;
      state.items.push({ ...action.payload, status: "uploading" });
    },
    /** A new picture in place of an earlier one: uploaded afresh. */
    scanRetaken(state, action: PayloadAction<Picture>) {
      const item = find(state, action.payload.id);
      if (!item) return;
      Object.assign(item, action.payload, { status: "uploading" });
      delete item.errorMessage;
      delete item.prescriptionId;
      delete item.fileId;
    },
    uploadRetried(state, action: PayloadAction<string>) {
      const item = find(state, action.payload);
      if (!item) return;
      item.status = "uploading";
      delete item.errorMessage;
    },
    uploadSucceeded(state, action: PayloadAction<{ id: string; prescriptionId?: string; fileId: string }>) {
      const item = find(state, action.payload.id);
      if (!item) return;
      item.status = "uploaded";
      item.fileId = action.payload.fileId;
      if (action.payload.prescriptionId) item.prescriptionId = action.payload.prescriptionId;
      delete item.errorMessage;
    },
    uploadFailed(state, action: PayloadAction<{ id: string; message: string }>) {
      const item = find(state, action.payload.id);
      if (!item) return;
      item.status = "failed";
      item.errorMessage = action.payload.message;
    },
    scanRemoved(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
    /** A new counter reception starts with an empty list. */
    scansCleared() {
      return initialState;
    },
  },
  selectors: {
    selectScannedPrescriptions: (state) => state.items,
    selectUploadsPending: (state) => state.items.some((item) => item.status === "uploading"),
    selectUploadsFailed: (state) => state.items.some((item) => item.status === "failed"),
  },
});

declare module "../../lib/store/root-reducer" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the slice
  export interface LazyLoadedSlices extends WithSlice<typeof scannedPrescriptionsSlice> {}
}

/** Injected when the receptions screen loads, so the slice is not part of the login page's bundle. */
export const injectedScannedPrescriptionsSlice = scannedPrescriptionsSlice.injectInto(rootReducer);

export const { scanAdded, scanRetaken, uploadRetried, uploadSucceeded, uploadFailed, scanRemoved, scansCleared } =
  scannedPrescriptionsSlice.actions;
export const { selectScannedPrescriptions, selectUploadsPending, selectUploadsFailed } =
  injectedScannedPrescriptionsSlice.selectors;
